import {
  ids,
  type LinkType,
  type LinkValues,
  type linkSortColumns,
  type SortTerm,
} from '@skolportalen/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  getTableColumns,
  inArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { rowsTogether } from '../../db/together';
import { totalShownByPage } from '../../http/list-total';
import { rowsOf } from '../../db/raw-rows';
import { linkCategories, linkNodes, links, media, nodes, userLinks } from '../../db/schema';
import type { Audience } from '../audience/audience.repo';

/** A tool's columns; the search vector stays in the database (the search module reads it). */
export type LinkRow = Omit<typeof links.$inferSelect, 'search'>;
const { search: _search, ...linkColumns } = getTableColumns(links);
export type LinkSortColumn = (typeof linkSortColumns)[number];

/** A tool as one user sees it: their position for it and whether it reaches them. */
export interface ListedLink {
  row: LinkRow;
  userSort: number | null;
  /** The user added the (optional) tool to their own list. */
  chosen: boolean;
  /** The tool targets the user's role category and one of the user's groups. */
  visible: boolean;
}

export interface LinkFilters {
  nodeIds?: number[];
  categoryIds?: number[];
  types?: LinkType[];
  createdBy?: number;
}

/** Spec §7 tools query: linkSort ASC, then name ASC. */
export const defaultLinkSort: SortTerm<LinkSortColumn>[] = [
  { column: 'linkSort', direction: 'ASC' },
  { column: 'name', direction: 'ASC' },
];

export interface Page {
  page: number;
  perPage: number;
}

const sortColumns = {
  linkSort: links.linkSort,
  name: links.name,
  created: links.createdAt,
  updated: links.updatedAt,
  id: links.id,
  type: links.type,
} satisfies Record<LinkSortColumn, unknown>;

function targetsAnyNode(nodeIds: readonly number[]): SQL {
  return exists(
    sql`(select 1 from ${linkNodes} where ${linkNodes.linkId} = ${links.id} and ${inArray(linkNodes.nodeId, [...nodeIds])})`,
  );
}

function targetsAnyCategory(categoryIds: readonly number[]): SQL {
  return exists(
    sql`(select 1 from ${linkCategories} where ${linkCategories.linkId} = ${links.id} and ${inArray(linkCategories.categoryId, [...categoryIds])})`,
  );
}

/**
 * Who a tool reaches (ARCHITECTURE §5): it must target one of the user's
 * role categories AND one of the user's groups or a group above them. The
 * municipality node stands for everyone, so guardians without groups of
 * their own are reached by municipality-wide tools.
 */
export function visibleTo(audience: Audience): SQL {
  const nodeIds = [...new Set([...audience.nodeIds, ids.municipalityNodeId])];
  if (audience.categoryIds.length === 0) return sql`false`;
  return and(targetsAnyCategory(audience.categoryIds), targetsAnyNode(nodeIds))!;
}

/** In the user's grid: a standard tool, or an optional one they added. */
function inUserList(): SQL {
  return or(eq(links.optional, false), eq(userLinks.chosen, true))!;
}

function filterConditions(filters: LinkFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.nodeIds?.length) conditions.push(targetsAnyNode(filters.nodeIds));
  if (filters.categoryIds?.length) conditions.push(targetsAnyCategory(filters.categoryIds));
  if (filters.types?.length) conditions.push(inArray(links.type, filters.types));
  if (filters.createdBy !== undefined) conditions.push(eq(links.createdBy, filters.createdBy));
  return conditions;
}

/** What a sort column orders by, ascending: names without regard to case first, then as written. */
function sortKeys(column: LinkSortColumn): (SQL | PgColumn)[] {
  if (column === 'name') return [sql`lower(${links.name})`, links.name];
  return [sortColumns[column]];
}

/** The id keeps tools equal on every term in a stable order. */
function orderFor(terms: readonly SortTerm<LinkSortColumn>[]): SQL[] {
  const order = terms.flatMap((term) => {
    const direction = term.direction === 'ASC' ? asc : desc;
    return sortKeys(term.column).map((key) => direction(key));
  });
  return [...order, asc(links.id)];
}

/**
 * Listed tools with whether each reaches the audience; `onlyVisible` when
 * the query itself keeps only those, which then need not be asked again per
 * row (asking built a hash of every tool's targets).
 */
function selectListed(db: Executor, audience: Audience, onlyVisible = false) {
  return db
    .select({
      row: linkColumns,
      userSort: userLinks.sort,
      chosen: sql<boolean>`coalesce(${userLinks.chosen}, false)`.mapWith(Boolean),
      visible: (onlyVisible ? sql<boolean>`true` : sql<boolean>`${visibleTo(audience)}`).mapWith(
        Boolean,
      ),
    })
    .from(links)
    .leftJoin(
      userLinks,
      and(eq(userLinks.linkId, links.id), eq(userLinks.userId, audience.userId)),
    );
}

function countListed(db: Executor, audience: Audience, where: SQL | undefined) {
  return db
    .select({ value: count() })
    .from(links)
    .leftJoin(userLinks, and(eq(userLinks.linkId, links.id), eq(userLinks.userId, audience.userId)))
    .where(where);
}

export type ListScope =
  /** The user's grid, in the user's own order first. */
  | 'mine'
  /** Every tool aimed at the user, standard and optional. */
  | 'available'
  /** Every tool, for those who manage them. */
  | 'all';

export async function listLinks(
  db: Executor,
  audience: Audience,
  scope: ListScope,
  filters: LinkFilters,
  sort: readonly SortTerm<LinkSortColumn>[],
  page: Page,
): Promise<{ items: ListedLink[]; total: number }> {
  const conditions = filterConditions(filters);
  if (scope !== 'all') conditions.push(visibleTo(audience));
  if (scope === 'mine') conditions.push(inUserList());
  const where = conditions.length ? and(...conditions) : undefined;
  const order = orderFor(sort);
  if (scope === 'mine') order.unshift(sql`${userLinks.sort} asc nulls last`);

  const items = await selectListed(db, audience, scope !== 'all')
    .where(where)
    .orderBy(...order)
    .limit(page.perPage)
    .offset((page.page - 1) * page.perPage);
  // Most lists of tools fit on their page: then the page is the count.
  const shown = totalShownByPage(page, items.length);
  if (shown !== undefined) return { items, total: shown };
  const [total] = await countListed(db, audience, where);
  return { items, total: total?.value ?? 0 };
}

export async function findListedLink(db: Executor, audience: Audience, linkId: number) {
  const [item] = await selectListed(db, audience).where(eq(links.id, linkId));
  return item;
}

export async function findLinkRow(db: Executor, linkId: number) {
  const [row] = await db.select().from(links).where(eq(links.id, linkId));
  return row;
}

export interface LinkTargets {
  nodeIds: number[];
  categoryIds: number[];
}

/** Each tool's targets, with one query per kind for the whole list. */
export async function loadTargets(
  db: Executor,
  linkIds: readonly number[],
): Promise<Map<number, LinkTargets>> {
  const result = new Map<number, LinkTargets>(
    linkIds.map((id) => [id, { nodeIds: [], categoryIds: [] }]),
  );
  if (linkIds.length === 0) return result;
  const [nodeRows, categoryRows] = await Promise.all([
    db
      .select()
      .from(linkNodes)
      .where(inArray(linkNodes.linkId, [...linkIds]))
      .orderBy(asc(linkNodes.nodeId)),
    db
      .select()
      .from(linkCategories)
      .where(inArray(linkCategories.linkId, [...linkIds]))
      .orderBy(asc(linkCategories.categoryId)),
  ]);
  for (const row of nodeRows) result.get(row.linkId)?.nodeIds.push(row.nodeId);
  for (const row of categoryRows) result.get(row.linkId)?.categoryIds.push(row.categoryId);
  return result;
}

/**
 * A tool's place among all tools by each sort column, as `orderFor` orders
 * them: tools equal in that column share a place.
 */
export type SortRanks = Record<LinkSortColumn, number>;

/**
 * One tool of the catalog: its row as the lists read it, its targets as
 * `loadTargets` sorts them, its icon's media row and its sort ranks.
 */
export interface CatalogRow {
  row: LinkRow;
  nodeIds: number[];
  categoryIds: number[];
  icon: typeof media.$inferSelect | null;
  ranks: SortRanks;
}

/** A tool's targets of one kind as a JSON array, ascending as `loadTargets` sorts them. */
function targetIdsOf(table: PgTable, linkId: PgColumn, targetId: PgColumn): SQL<number[]> {
  const sorted = sql`select json_agg(${targetId} order by ${targetId}) from ${table} where ${linkId} = ${links.id}`;
  return sql<number[]>`coalesce((${sorted}), '[]'::json)`;
}

/**
 * The tool's place by one sort column, computed by the database so that names
 * compare in its collation and times to the microsecond, as in `orderFor`.
 * `dense_rank`, not `row_number`: tools equal in this column must stay equal,
 * for the next sort term (or the id) to order them.
 */
function rankBy(column: LinkSortColumn): SQL<number> {
  return sql<number>`dense_rank() over (order by ${sql.join(sortKeys(column), sql`, `)})`.mapWith(
    Number,
  );
}

const sortRanks = Object.fromEntries(
  Object.keys(sortColumns).map((column) => [column, rankBy(column as LinkSortColumn)]),
) as Record<LinkSortColumn, SQL<number>>;

/**
 * Every tool's row, targets, icon and sort ranks in one statement, at most
 * `limit` tools (by id): the catalog kept per links counter (links-catalog.ts).
 * The ranks are computed among the tools read, so that finding more tools
 * than a catalog holds costs no more than reading `limit` of them.
 */
export async function loadCatalogRows(db: Executor, limit: number): Promise<CatalogRow[]> {
  const firstTools = db.select({ id: links.id }).from(links).orderBy(asc(links.id)).limit(limit);
  return db
    .select({
      row: linkColumns,
      nodeIds: targetIdsOf(linkNodes, linkNodes.linkId, linkNodes.nodeId),
      categoryIds: targetIdsOf(linkCategories, linkCategories.linkId, linkCategories.categoryId),
      icon: getTableColumns(media),
      ranks: sortRanks,
    })
    .from(links)
    .leftJoin(media, eq(media.id, links.mediaId))
    .where(inArray(links.id, firstTools))
    .orderBy(asc(links.id));
}

/** A user's own entry for a tool (`user_links`): their place for it, and whether they added it. */
export interface UserChoice {
  sort: number | null;
  chosen: boolean;
}

/**
 * The user's own entries for tools, by tool id: what `listLinks` joins from
 * `user_links`. The same text for every user, so it is planned once.
 */
export async function loadUserChoices(
  db: Executor,
  userId: number,
): Promise<Map<number, UserChoice>> {
  const rows = await rowsTogether<{ link_id: number; sort: number | null; chosen: boolean }>(
    db,
    userId,
    sql`select ${userLinks.linkId}, ${userLinks.sort}, ${userLinks.chosen} from ${userLinks}
      where ${userLinks.userId} = ${userId}`,
  );
  return new Map(
    rows.map((row) => [
      Number(row.link_id),
      { sort: row.sort === null ? null : Number(row.sort), chosen: row.chosen },
    ]),
  );
}

/** The row's columns; `icon` is the file name of the media item `mediaId` names. */
function columnsOf(values: LinkValues, icon: string | null) {
  return {
    name: values.name,
    shortDescription: values.shortDescription,
    longDescription: values.longDescription,
    url: values.url,
    type: values.type,
    linkSort: values.linkSort,
    optional: values.optional,
    mediaId: values.mediaId,
    icon,
  };
}

async function writeTargets(db: Executor, linkId: number, values: LinkValues) {
  await db.delete(linkNodes).where(eq(linkNodes.linkId, linkId));
  await db.delete(linkCategories).where(eq(linkCategories.linkId, linkId));
  await db.insert(linkNodes).values(values.nodeIds.map((nodeId) => ({ linkId, nodeId })));
  await db
    .insert(linkCategories)
    .values(values.categoryIds.map((categoryId) => ({ linkId, categoryId })));
}

export async function insertLink(
  db: Executor,
  values: LinkValues,
  icon: string | null,
  createdBy: number,
) {
  const [row] = await db
    .insert(links)
    .values({ ...columnsOf(values, icon), createdBy })
    .returning();
  await writeTargets(db, row!.id, values);
  return row!;
}

export async function updateLink(
  db: Executor,
  linkId: number,
  values: LinkValues,
  icon: string | null,
) {
  const [row] = await db
    .update(links)
    .set({ ...columnsOf(values, icon), updatedAt: new Date() })
    .where(eq(links.id, linkId))
    .returning();
  await writeTargets(db, linkId, values);
  return row!;
}

export async function deleteLink(db: Executor, linkId: number) {
  await db.delete(links).where(eq(links.id, linkId));
}

/** Groups (category 1) among the given ids, with their type. */
export async function findGroups(db: Executor, nodeIds: readonly number[]) {
  if (nodeIds.length === 0) return [];
  return db
    .select({ id: nodes.id, type: nodes.type })
    .from(nodes)
    .where(and(inArray(nodes.id, [...nodeIds]), eq(nodes.categoryId, ids.groupCategoryId)));
}

/**
 * The groups a school-responsible user manages tools for: the school units
 * they belong to and everything below them.
 */
export async function ownSchoolSubtree(db: Executor, userId: number): Promise<Set<number>> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`
    with recursive subtree(id) as (
      select n.id from user_nodes un join nodes n on n.id = un.node_id
        where un.user_id = ${userId} and n.type = 'Skolenhet'
      union
      select child.id from nodes child join subtree s on child.parent_id = s.id
    )
    select id from subtree`,
  );
  return new Set(rows.map((row) => Number(row.id)));
}

import { createHash } from 'node:crypto';
import type { PostStatus, PostType, SortTerm } from '@skolportalen/shared';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { plannedOnce, plannedRows, type Executor } from '../../db/client';
import { intArrayParam, rowsOf } from '../../db/raw-rows';
import { rowsTogether } from '../../db/together';
import { posts } from '../../db/schema';
import {
  namedOrOwnPostIds,
  ownedBy,
  visiblePostCondition,
  type PostViewer,
} from '../audience/post-visibility';
import {
  dressedPage,
  dressedQuery,
  normaliseRows,
  orderFor,
  targetsAnyCategory,
  targetsAnyNode,
  type ListedPostRow,
  type Page,
  type PostFilters,
  type PostSortColumn,
} from './posts.repo';

/**
 * Statuses as literals, so that `status = 'publish'` matches the partial
 * indexes; they come from the schema's enum, never from free text.
 */
function statusCondition(statuses: readonly PostStatus[]): SQL {
  const unique = [...new Set(statuses)];
  if (unique.length === 1) return sql`${posts.status} = ${sql.raw(`'${unique[0]}'`)}`;
  return sql`${posts.status} in (${sql.raw(unique.map((status) => `'${status}'`).join(', '))})`;
}

function filterConditions(filters: PostFilters, viewer: PostViewer): SQL[] {
  const conditions: SQL[] = [statusCondition(filters.statuses)];
  if (filters.types?.length) conditions.push(inArray(posts.type, filters.types));
  if (filters.nodeIds?.length) conditions.push(targetsAnyNode(filters.nodeIds));
  if (filters.categoryIds?.length) conditions.push(targetsAnyCategory(filters.categoryIds));
  if (filters.authorId !== undefined) conditions.push(eq(posts.authorId, filters.authorId));
  if (filters.pagePlacements?.length)
    conditions.push(inArray(posts.pagePlacement, filters.pagePlacements));
  if (filters.search) {
    conditions.push(sql`${posts.search} @@ websearch_to_tsquery('swedish', ${filters.search})`);
  }
  const published = sql`coalesce(${posts.publishedDate}, ${posts.createdAt})`;
  if (filters.dateFrom) conditions.push(sql`${published} >= ${filters.dateFrom.toISOString()}`);
  if (filters.dateTo) conditions.push(sql`${published} <= ${filters.dateTo.toISOString()}`);
  if (filters.unread) {
    conditions.push(
      sql`not exists (select 1 from post_reads r where r.post_id = ${posts.id} and r.user_id = ${viewer.audience.userId})`,
    );
  }
  if (filters.mustRead) conditions.push(sql`${posts.requiresAcknowledgement}`);
  if (filters.ownOnly) conditions.push(ownedBy(viewer.audience.userId));
  const visible = visiblePostCondition(viewer);
  if (visible) conditions.push(visible);
  return conditions;
}

const where = (conditions: SQL[]) => sql.join(conditions, sql` and `);

/** The two orders the feed table serves: the list position, and newest first. */
type FeedOrder = 'order' | 'date';

export function feedOrderOf(terms: readonly SortTerm<PostSortColumn>[]): FeedOrder | null {
  const key = terms.map((term) => `${term.column} ${term.direction}`).join(', ');
  if (/^order ASC(, publishedDate DESC)?(, id DESC)?$/.test(key)) return 'order';
  if (/^publishedDate DESC(, id DESC)?$/.test(key)) return 'date';
  return null;
}

/** More branches than this and one larger read is cheaper than many small ones. */
const maxFeedBranches = 64;

/** The shape of a plain feed query; queries of one shape share one prepared statement. */
interface FeedShape {
  nodes: number;
  categories: number;
  types: number;
  feedOrder: FeedOrder;
  sort: string;
}

const shapeKey = (shape: FeedShape) =>
  `${shape.nodes}.${shape.categories}.${shape.types}.${shape.feedOrder}.${shape.sort}`;

/**
 * The reader's plain feed (published, maybe by type, in one of the two
 * orders): each (group, category[, type]) pair is an index range already in
 * order, so every branch reads at most one page's worth of rows; the union of
 * the branches, deduplicated and cut to the page, is the page. Values are
 * placeholders: the statement depends only on the shape. It is
 * `visiblePostCondition` for published posts, read in the feed table's order
 * one index range at a time (post-list-agreement.int.test.ts holds the two
 * to the same answer).
 */
function feedPageIds(shape: FeedShape): SQL {
  const key = sql.raw(
    shape.feedOrder === 'order'
      ? 'sort_order asc, sort_at desc nulls last, post_id desc nulls last'
      : 'published_at desc nulls last, post_id desc nulls last',
  );
  const limit = sql.placeholder('limit');
  const user = sql.placeholder('user');
  const branches: SQL[] = [];
  for (let n = 0; n < shape.nodes; n += 1) {
    for (let c = 0; c < shape.categories; c += 1) {
      for (let t = 0; t < Math.max(shape.types, 1); t += 1) {
        const typed = shape.types ? sql` and type = ${sql.placeholder(`t${t}`)}` : sql``;
        branches.push(
          sql`(select post_id, sort_order, sort_at, published_at from post_feed where node_id = ${sql.placeholder(`n${n}`)} and category_id = ${sql.placeholder(`c${c}`)}${typed} order by ${key} limit ${limit})`,
        );
      }
    }
  }
  // Posts naming the reader, and the reader's own: published ones only, as
  // visiblePostCondition lets a plain reader see.
  const typedPost = shape.types
    ? sql` and p.type in (${sql.join(
        Array.from({ length: shape.types }, (_, t) => sql.placeholder(`t${t}`)),
        sql`, `,
      )})`
    : sql``;
  branches.push(
    sql`(select p.id as post_id, p.sort_order, p.sort_at, coalesce(p.published_date, p.created_at) as published_at from posts p where p.id in (${namedOrOwnPostIds(user)}) and p.status = 'publish'${typedPost} order by ${key} limit ${limit})`,
  );
  return sql`select post_id from (
      select post_id, min(sort_order) as sort_order, max(sort_at) as sort_at, max(published_at) as published_at
      from (${sql.join(branches, sql` union all `)}) candidates
      group by post_id
    ) deduplicated
    order by ${key} limit ${sql.placeholder('perPage')} offset ${sql.placeholder('offset')}`;
}

type PreparedFeed = ReturnType<typeof prepareFeed>;
const preparedFeeds = new WeakMap<Executor, Map<string, PreparedFeed>>();

function prepareFeed(db: Executor, shape: FeedShape, order: SQL[]) {
  const key = shapeKey(shape);
  return dressedQuery(db, sql.placeholder('user'), feedPageIds(shape), order).prepare(
    `posts_feed_${createHash('sha1').update(key).digest('base64url')}`,
  );
}

/** The plain feed through a prepared statement per shape (built and planned once). */
async function plainFeedPage(
  db: Executor,
  viewer: PostViewer,
  types: readonly PostType[] | undefined,
  feedOrder: FeedOrder,
  sort: readonly SortTerm<PostSortColumn>[],
  page: Page,
): Promise<ListedPostRow[] | null> {
  const { nodeIds, categoryIds, userId } = viewer.audience;
  const typeList = [...new Set(types ?? [])];
  const shape: FeedShape = {
    nodes: nodeIds.length,
    categories: categoryIds.length,
    types: typeList.length,
    feedOrder,
    sort: sort.map((term) => `${term.column} ${term.direction}`).join(','),
  };
  if (shape.nodes * shape.categories * Math.max(shape.types, 1) > maxFeedBranches) return null;
  // The statement depends only on the shape, and so does its best plan: planned once.
  const planned = plannedOnce(db);
  let cache = preparedFeeds.get(planned);
  if (!cache) preparedFeeds.set(planned, (cache = new Map()));
  const key = shapeKey(shape);
  let prepared = cache.get(key);
  if (!prepared) cache.set(key, (prepared = prepareFeed(planned, shape, orderFor(sort))));
  const values: Record<string, unknown> = {
    user: userId,
    limit: page.page * page.perPage,
    perPage: page.perPage,
    offset: (page.page - 1) * page.perPage,
  };
  nodeIds.forEach((id, index) => (values[`n${index}`] = id));
  categoryIds.forEach((id, index) => (values[`c${index}`] = id));
  typeList.forEach((type, index) => (values[`t${index}`] = type));
  return normaliseRows(await prepared.execute(values));
}

/** Only the plain reader's feed may take the short way; everything else filters posts. */
export function isPlainFeed(viewer: PostViewer, filters: PostFilters) {
  return (
    !viewer.listAll &&
    filters.statuses.length === 1 &&
    filters.statuses[0] === 'publish' &&
    !filters.nodeIds?.length &&
    !filters.categoryIds?.length &&
    filters.authorId === undefined &&
    !filters.search &&
    !filters.dateFrom &&
    !filters.dateTo &&
    !filters.pagePlacements?.length &&
    !filters.unread &&
    !filters.mustRead &&
    !filters.ownOnly
  );
}

/**
 * The pages placed on the start page, for a plain reader: only published
 * pages placed somewhere (not "none"), which the partial index on placed
 * pages holds (migration 0037), so the best plan is the same for every
 * reader.
 */
export function isPlacedPages(viewer: PostViewer, filters: PostFilters) {
  const { pagePlacements } = filters;
  return (
    !viewer.listAll &&
    filters.statuses.length === 1 &&
    filters.statuses[0] === 'publish' &&
    pagePlacements !== undefined &&
    pagePlacements.length > 0 &&
    !pagePlacements.includes('none') &&
    !filters.nodeIds?.length &&
    !filters.categoryIds?.length &&
    filters.authorId === undefined &&
    !filters.search &&
    !filters.dateFrom &&
    !filters.dateTo &&
    !filters.unread &&
    !filters.mustRead &&
    !filters.ownOnly
  );
}

type PreparedPlaced = ReturnType<typeof preparePlaced>;
const preparedPlaced = new WeakMap<Executor, Map<string, PreparedPlaced>>();

/**
 * `visiblePostCondition` for published placed pages, with every list one
 * array value: one text per sort and whether types are asked for, planned
 * once per connection. Planning the dressed page for each reader cost more
 * than running it (decision 0050). Each placed page is checked against the
 * reader's groups by its own feed rows, so the cost follows the few placed
 * pages, not how many posts reach the reader.
 */
function preparePlaced(db: Executor, typed: boolean, sort: readonly SortTerm<PostSortColumn>[]) {
  const order = orderFor(sort);
  const user = sql.placeholder('user');
  const ofTypes = typed
    ? sql` and ${posts.type} = any(${sql.placeholder('types')}::text[])`
    : sql``;
  const pageIds = sql`select ${posts.id} from ${posts}
    where ${posts.status} = 'publish' and ${posts.pagePlacement} <> 'none'
      and ${posts.pagePlacement} = any(${sql.placeholder('placements')}::text[])${ofTypes}
      and (exists (select 1 from post_feed pf where pf.post_id = ${posts.id}
                     and pf.node_id = any(${sql.placeholder('nodes')}::int[])
                     and pf.category_id = any(${sql.placeholder('categories')}::int[]))
           or ${posts.id} in (${namedOrOwnPostIds(user)}))
    order by ${sql.join(order, sql`, `)}
    limit ${sql.placeholder('perPage')} offset ${sql.placeholder('offset')}`;
  const key = `${typed}.${sort.map((term) => `${term.column} ${term.direction}`).join(',')}`;
  return dressedQuery(db, user, pageIds, order).prepare(
    `posts_placed_${createHash('sha1').update(key).digest('base64url')}`,
  );
}

async function placedPagesPage(
  db: Executor,
  viewer: PostViewer,
  filters: PostFilters,
  sort: readonly SortTerm<PostSortColumn>[],
  page: Page,
): Promise<ListedPostRow[]> {
  const { nodeIds, categoryIds, userId } = viewer.audience;
  const typed = Boolean(filters.types?.length);
  const planned = plannedOnce(db);
  let cache = preparedPlaced.get(planned);
  if (!cache) preparedPlaced.set(planned, (cache = new Map()));
  const key = `${typed}.${sort.map((term) => `${term.column} ${term.direction}`).join(',')}`;
  let prepared = cache.get(key);
  if (!prepared) cache.set(key, (prepared = preparePlaced(planned, typed, sort)));
  const textArray = (values: readonly string[]) => `{${values.map((v) => `"${v}"`).join(',')}}`;
  return normaliseRows(
    await prepared.execute({
      user: userId,
      placements: textArray(filters.pagePlacements ?? []),
      ...(typed ? { types: textArray(filters.types ?? []) } : {}),
      nodes: intArrayParam(nodeIds),
      categories: intArrayParam(categoryIds),
      perPage: page.perPage,
      offset: (page.page - 1) * page.perPage,
    }),
  );
}

/** One page of posts in one statement. */
export async function listPostsPage(
  db: Executor,
  viewer: PostViewer,
  filters: PostFilters,
  sort: readonly SortTerm<PostSortColumn>[],
  page: Page,
): Promise<ListedPostRow[]> {
  const feedOrder = feedOrderOf(sort);
  if (feedOrder && isPlainFeed(viewer, filters)) {
    const rows = await plainFeedPage(db, viewer, filters.types, feedOrder, sort, page);
    if (rows) return rows;
  }
  if (isPlacedPages(viewer, filters)) return placedPagesPage(db, viewer, filters, sort, page);
  const order = orderFor(sort);
  const pageIds = sql`select ${posts.id} from ${posts} where ${where(filterConditions(filters, viewer))} order by ${sql.join(order, sql`, `)} limit ${page.perPage} offset ${(page.page - 1) * page.perPage}`;
  return dressedPage(db, viewer.audience.userId, pageIds, order);
}

/**
 * The plain feed's total from the feed table: the (group, category[, type])
 * index ranges of the reader, with the published posts that name them or
 * are theirs, each post once. Posts are not read at all for the reader's
 * audience, where counting through them read every post the audience
 * reaches (decision 0050).
 */
async function countPlainFeed(
  db: Executor,
  viewer: PostViewer,
  types: readonly PostType[] | undefined,
): Promise<number> {
  const { nodeIds, categoryIds, userId } = viewer.audience;
  const typeList = [...new Set(types ?? [])];
  const ofTypes = (column: SQL) =>
    typeList.length
      ? sql` and ${column} in (${sql.join(
          typeList.map((type) => sql`${type}`),
          sql`, `,
        )})`
      : sql``;
  const ids = (list: readonly number[]) =>
    sql.join(
      list.map((id) => sql`${id}`),
      sql`, `,
    );
  const branches: SQL[] = [];
  if (nodeIds.length && categoryIds.length) {
    branches.push(
      sql`select pf.post_id from post_feed pf where pf.node_id in (${ids(nodeIds)}) and pf.category_id in (${ids(categoryIds)})${ofTypes(sql`pf.type`)}`,
    );
  }
  branches.push(
    sql`select p.id from posts p where p.id in (${namedOrOwnPostIds(userId)}) and p.status = 'publish'${ofTypes(sql`p.type`)}`,
  );
  // Planned for the reader's values: a generic plan ranges over whole groups (decision 0050).
  const [row] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from (${sql.join(branches, sql` union `)}) reached`,
  );
  return Number(row?.total ?? 0);
}

export async function countPosts(
  db: Executor,
  viewer: PostViewer,
  filters: PostFilters,
): Promise<number> {
  if (isPlainFeed(viewer, filters)) return countPlainFeed(db, viewer, filters.types);
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(posts)
    .where(where(filterConditions(filters, viewer)));
  return Number(row?.value ?? 0);
}

/**
 * Whether any post names the user, or was written or is edited by them (one
 * short statement, read with the page's other reads about the reader).
 */
export async function readerHasOwnPosts(db: Executor, userId: number): Promise<boolean> {
  const [row] = await rowsTogether<{ own: boolean }>(
    db,
    userId,
    sql`select exists (${namedOrOwnPostIds(userId)}) as own`,
  );
  return row?.own === true;
}

/**
 * The must-read posts the viewer may read under the filters, in the list's
 * order, all of them: few reach one reader, and what each asks of the reader
 * is decided apart (`post-acknowledgement-state.ts`). The partial index on
 * published must-read posts finds them; a reader none reaches pays for this
 * one short statement.
 */
export async function mustReadPostIds(
  db: Executor,
  viewer: PostViewer,
  filters: PostFilters,
  sort: readonly SortTerm<PostSortColumn>[],
): Promise<number[]> {
  if (isPlainMustRead(viewer, filters)) return plainMustReadIds(db, viewer, sort);
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(where(filterConditions({ ...filters, mustRead: 'all' }, viewer)))
    .orderBy(...orderFor(sort));
  return rows.map((row) => row.id);
}

/** The start page's question: a plain reader's published must-read notices, by type at most. */
export function isPlainMustRead(viewer: PostViewer, filters: PostFilters) {
  return (
    !viewer.listAll &&
    filters.statuses.length === 1 &&
    filters.statuses[0] === 'publish' &&
    !filters.types?.length &&
    !filters.nodeIds?.length &&
    !filters.categoryIds?.length &&
    filters.authorId === undefined &&
    !filters.search &&
    !filters.dateFrom &&
    !filters.dateTo &&
    !filters.pagePlacements?.length &&
    !filters.unread &&
    !filters.ownOnly
  );
}

const mustReadSorts = new Map<string, SQL>();

/**
 * `visiblePostCondition` for published must-read notices, with every list
 * one array value: one text per sort, planned once per connection (every
 * first page asks it, and planning it cost more than running it). The
 * partial index on published must-read notices finds them; each is checked
 * against the reader's groups by its own feed rows, so the cost follows the
 * few notices that ask for confirmation, not how many posts reach the reader.
 */
async function plainMustReadIds(
  db: Executor,
  viewer: PostViewer,
  sort: readonly SortTerm<PostSortColumn>[],
): Promise<number[]> {
  const { nodeIds, categoryIds, userId } = viewer.audience;
  const sortKey = sort.map((term) => `${term.column} ${term.direction}`).join(',');
  let order = mustReadSorts.get(sortKey);
  if (!order) mustReadSorts.set(sortKey, (order = sql.join(orderFor(sort), sql`, `)));
  const rows = await plannedRows<{ id: number }>(
    db,
    sql`select ${posts.id} as id from ${posts}
      where ${posts.status} = 'publish' and ${posts.requiresAcknowledgement}
        and (exists (select 1 from post_feed pf where pf.post_id = ${posts.id}
                       and pf.node_id = any(${intArrayParam(nodeIds)}::int[])
                       and pf.category_id = any(${intArrayParam(categoryIds)}::int[]))
             or ${posts.id} in (${namedOrOwnPostIds(userId)}))
      order by ${order}`,
  );
  return rows.map((row) => Number(row.id));
}

import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { intArrayParam } from '../../db/raw-rows';
import { rowsTogether } from '../../db/together';
import {
  documentFavorites,
  documentNodes,
  documentSharedLinks,
  documentSites,
  documentVersions,
  users,
} from '../../db/schema';
import { shownField, shownName, type IdentityScope } from '../../identity/protected-identity';
import type { Audience } from '../audience/audience.repo';

/** The sites a person reaches, each with whether they may add content there. */
export async function accessibleSites(
  db: Executor,
  audience: Audience,
  isAdmin: boolean,
): Promise<Map<number, boolean>> {
  if (isAdmin) {
    const rows = await db.select({ id: documentSites.id }).from(documentSites);
    return new Map(rows.map((row) => [row.id, true]));
  }
  // With the page's other reads about the person (their favourites, the tools' own choices) as
  // one statement, planned once: the groups and categories go as array values.
  const rows = await rowsTogether<{ siteId: number; canWrite: boolean }>(
    db,
    audience.userId,
    sql`select site_id as "siteId", bool_or(can_write) as "canWrite"
          from document_site_access
         where node_id = any(${intArrayParam(audience.nodeIds)}::int[])
            or category_id = any(${intArrayParam(audience.categoryIds)}::int[])
         group by site_id`,
  );
  return new Map(rows.map((row) => [Number(row.siteId), Boolean(row.canWrite)]));
}

const root = alias(documentNodes, 'root');

export async function listSites(
  db: Executor,
  siteIds: number[],
  userId: number,
  page: { skipCount: number; maxItems: number },
) {
  const where = inArray(documentSites.id, siteIds);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: documentSites.id,
        key: documentSites.key,
        title: documentSites.title,
        description: documentSites.description,
        guid: root.guid,
        isFavorite: sql<boolean>`${documentFavorites.userId} is not null`,
      })
      .from(documentSites)
      .innerJoin(root, and(eq(root.siteId, documentSites.id), isNull(root.parentId)))
      .leftJoin(
        documentFavorites,
        and(eq(documentFavorites.nodeId, root.id), eq(documentFavorites.userId, userId)),
      )
      .where(where)
      .orderBy(asc(documentSites.title), asc(documentSites.id))
      .offset(page.skipCount)
      .limit(page.maxItems),
    db.select({ n: count() }).from(documentSites).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

const creator = alias(users, 'creator');
const modifier = alias(users, 'modifier');
const parent = alias(documentNodes, 'parent');

/** Who made or changed a node, as the reader may see them (decision 0039); nobody when gone. */
function shownPerson(scope: IdentityScope, person: typeof creator | typeof modifier) {
  const columns = {
    id: person.id,
    securityMarking: person.securityMarking,
    firstName: person.firstName,
    lastName: person.lastName,
  };
  return {
    username: sql<
      string | null
    >`case when ${person.id} is null then null else ${shownField(scope, columns, person.username)} end`,
    name: sql<string>`case when ${person.id} is null then '' else ${shownName(scope, columns)} end`,
  };
}

/** The reader of a document list: their favourites, and whom of its people they may see. */
export interface NodeReader {
  userId: number;
  scope: IdentityScope;
}

function nodeSelection({ userId, scope }: NodeReader) {
  const made = shownPerson(scope, creator);
  const changed = shownPerson(scope, modifier);
  return {
    id: documentNodes.id,
    guid: documentNodes.guid,
    siteId: documentNodes.siteId,
    parentId: documentNodes.parentId,
    parentGuid: parent.guid,
    kind: documentNodes.kind,
    name: documentNodes.name,
    mimeType: documentNodes.mimeType,
    size: documentNodes.size,
    createdAt: documentNodes.createdAt,
    modifiedAt: documentNodes.modifiedAt,
    creatorUsername: made.username,
    creatorName: made.name,
    modifierUsername: changed.username,
    modifierName: changed.name,
    isFavorite: sql<boolean>`exists (select 1 from ${documentFavorites} f where f.node_id = ${documentNodes.id} and f.user_id = ${userId})`,
  };
}

export type NodeRow = Awaited<ReturnType<typeof findNodes>>[number];

function nodeQuery(db: Executor, reader: NodeReader) {
  return db
    .select(nodeSelection(reader))
    .from(documentNodes)
    .leftJoin(parent, eq(parent.id, documentNodes.parentId))
    .leftJoin(creator, eq(creator.id, documentNodes.createdBy))
    .leftJoin(modifier, eq(modifier.id, documentNodes.modifiedBy));
}

/** Nodes by guid, only within the given sites: others simply are not found. */
export async function findNodes(
  db: Executor,
  guids: string[],
  siteIds: number[],
  reader: NodeReader,
) {
  return nodeQuery(db, reader).where(
    and(inArray(documentNodes.guid, guids), inArray(documentNodes.siteId, siteIds)),
  );
}

export async function listChildren(
  db: Executor,
  parentId: number,
  reader: NodeReader,
  page: { skipCount: number; maxItems: number },
) {
  const where = eq(documentNodes.parentId, parentId);
  const [rows, [total]] = await Promise.all([
    nodeQuery(db, reader)
      .where(where)
      .orderBy(
        desc(sql`${documentNodes.kind} = 'folder'`),
        asc(sql`lower(${documentNodes.name})`),
        asc(documentNodes.id),
      )
      .offset(page.skipCount)
      .limit(page.maxItems),
    db.select({ n: count() }).from(documentNodes).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The folders from the site's root down to (and including) the node. */
export async function pathOf(db: Executor, nodeId: number) {
  const result = (await db.execute(sql`
    with recursive up(id, guid, name, parent_id, depth) as (
      select id, guid, name, parent_id, 0 from document_nodes where id = ${nodeId}
      union all
      select n.id, n.guid, n.name, n.parent_id, up.depth + 1
        from document_nodes n join up on n.id = up.parent_id
    )
    select guid, name from up order by depth desc`)) as unknown as {
    rows: { guid: string; name: string }[];
  };
  return result.rows.map((row) => ({ id: String(row.guid), name: String(row.name) }));
}

export async function nameTaken(db: Executor, parentId: number, name: string) {
  const [row] = await db
    .select({ id: documentNodes.id })
    .from(documentNodes)
    .where(
      and(eq(documentNodes.parentId, parentId), sql`lower(${documentNodes.name}) = lower(${name})`),
    )
    .limit(1);
  return row !== undefined;
}

export async function currentVersion(db: Executor, nodeId: number) {
  const [row] = await db
    .select()
    .from(documentVersions)
    .where(eq(documentVersions.nodeId, nodeId))
    .orderBy(desc(documentVersions.id))
    .limit(1);
  return row ?? null;
}

export async function listFavorites(
  db: Executor,
  userId: number,
  siteIds: number[],
  page: { skipCount: number; maxItems: number },
) {
  // One read with the person's others in this turn: the page, each row with the total and its
  // place in the order (JSON keeps no order of its own). A page past the end counts alone.
  const listed = await rowsTogether<{
    guid: string;
    createdAt: string;
    total: number;
    position: number;
  }>(
    db,
    userId,
    sql`select n.guid, f.created_at as "createdAt", count(*) over () as total,
               row_number() over (order by f.created_at desc, n.id asc) as position
          from document_favorites f join document_nodes n on n.id = f.node_id
         where f.user_id = ${userId} and n.site_id = any(${intArrayParam(siteIds)}::int[])
         order by f.created_at desc, n.id asc
        offset ${page.skipCount} limit ${page.maxItems}`,
  );
  const rows = listed
    .sort((a, b) => Number(a.position) - Number(b.position))
    .map((row) => ({ guid: row.guid, createdAt: new Date(row.createdAt) }));
  if (listed.length > 0 || page.skipCount === 0)
    return { rows, total: Number(listed[0]?.total ?? 0) };
  const [total] = await db
    .select({ n: count() })
    .from(documentFavorites)
    .innerJoin(documentNodes, eq(documentNodes.id, documentFavorites.nodeId))
    .where(and(eq(documentFavorites.userId, userId), inArray(documentNodes.siteId, siteIds)));
  return { rows, total: total?.n ?? 0 };
}

export async function findSharedLink(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: documentSharedLinks.id,
      nodeId: documentSharedLinks.nodeId,
      expiresAt: documentSharedLinks.expiresAt,
      name: documentNodes.name,
    })
    .from(documentSharedLinks)
    .innerJoin(documentNodes, eq(documentNodes.id, documentSharedLinks.nodeId))
    .where(eq(documentSharedLinks.id, id))
    .limit(1);
  return row ?? null;
}

import { ids } from '@skolportalen/shared';
import { and, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import {
  categories,
  media,
  nodes,
  postCategories,
  postEditors,
  postMedia,
  postNodes,
  postReads,
  posts,
  postUsers,
  users,
} from '../../db/schema';
import type { PostRow } from './posts.repo';

export type PostColumns = Omit<typeof posts.$inferInsert, 'id' | 'search'>;

export async function insertPostRow(db: Executor, values: PostColumns): Promise<PostRow> {
  const [row] = await db.insert(posts).values(values).returning();
  return row!;
}

export async function updatePostRow(
  db: Executor,
  postId: number,
  values: Partial<PostColumns>,
): Promise<PostRow> {
  const [row] = await db
    .update(posts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(posts.id, postId))
    .returning();
  return row!;
}

export async function deletePostRow(db: Executor, postId: number) {
  await db.delete(posts).where(eq(posts.id, postId));
}

type TargetKind = 'nodes' | 'categories' | 'users' | 'editors';
const targetTables = {
  nodes: { table: postNodes, column: postNodes.nodeId, key: 'nodeId' },
  categories: { table: postCategories, column: postCategories.categoryId, key: 'categoryId' },
  users: { table: postUsers, column: postUsers.userId, key: 'userId' },
  editors: { table: postEditors, column: postEditors.userId, key: 'userId' },
} as const;

/** Replaces one kind of target with the given ids. */
export async function replaceTargets(
  db: Executor,
  postId: number,
  kind: TargetKind,
  values: readonly number[],
) {
  const { table } = targetTables[kind];
  await db.delete(table).where(eq(table.postId, postId));
  await addTargets(db, postId, kind, values);
}

export async function addTargets(
  db: Executor,
  postId: number,
  kind: TargetKind,
  values: readonly number[],
) {
  if (values.length === 0) return;
  const { table, key } = targetTables[kind];
  await db
    .insert(table)
    .values(values.map((value) => ({ postId, [key]: value }) as never))
    .onConflictDoNothing();
}

export async function removeTargets(
  db: Executor,
  postId: number,
  kind: TargetKind,
  values: readonly number[],
) {
  const { table, column } = targetTables[kind];
  await db.delete(table).where(and(eq(table.postId, postId), inArray(column, [...values])));
}

export async function replacePostMedia(db: Executor, postId: number, mediaIds: readonly number[]) {
  await db.delete(postMedia).where(eq(postMedia.postId, postId));
  if (mediaIds.length === 0) return;
  await db
    .insert(postMedia)
    .values(mediaIds.map((mediaId, position) => ({ postId, mediaId, position })));
}

/** Which of the ids exist: groups (category 1), categories, users, media. */
export async function existingIds(
  db: Executor,
  kind: 'groups' | 'categories' | 'users' | 'media',
  values: readonly number[],
): Promise<Set<number>> {
  if (values.length === 0) return new Set();
  const list = [...values];
  let rows: { id: number }[];
  switch (kind) {
    case 'groups':
      rows = await db
        .select({ id: nodes.id })
        .from(nodes)
        .where(and(inArray(nodes.id, list), eq(nodes.categoryId, ids.groupCategoryId)));
      break;
    case 'categories':
      rows = await db
        .select({ id: categories.id })
        .from(categories)
        .where(inArray(categories.id, list));
      break;
    case 'users':
      rows = await db.select({ id: users.id }).from(users).where(inArray(users.id, list));
      break;
    case 'media':
      rows = await db.select({ id: media.id }).from(media).where(inArray(media.id, list));
      break;
  }
  return new Set(rows.map((row) => row.id));
}

/** Library items shown by file name (blocks point at `/media/{filename}` or a rendition). */
export async function mediaIdsByFilename(db: Executor, filenames: readonly string[]) {
  if (filenames.length === 0) return [];
  const list = [...filenames];
  const rows = await db
    .select({ id: media.id })
    .from(media)
    .where(
      or(
        inArray(media.filename, list),
        inArray(sql<string>`${media.renditions} -> 'thumb' ->> 'filename'`, list),
        inArray(sql<string>`${media.renditions} -> 'card' ->> 'filename'`, list),
      ),
    );
  return rows.map((row) => row.id);
}

/** Slugs equal to `base` or `base-<n>`, to find the next free one. */
export async function slugsLike(db: Executor, base: string, excludeId?: number) {
  const rows = await db
    .select({ slug: posts.slug })
    .from(posts)
    .where(
      and(
        or(eq(posts.slug, base), like(posts.slug, `${base}-%`)),
        excludeId === undefined ? undefined : sql`${posts.id} <> ${excludeId}`,
      ),
    );
  return new Set(rows.map((row) => row.slug));
}

export async function findSortAnchor(db: Executor, postId: number) {
  const [row] = await db
    .select({
      id: posts.id,
      sortOrder: posts.sortOrder,
      sortAt: posts.sortAt,
      orderPostBeforeId: posts.orderPostBeforeId,
    })
    .from(posts)
    .where(eq(posts.id, postId));
  return row;
}

/**
 * Posts placed before this one follow it when it moves: each takes its
 * anchor's position one millisecond ahead. Chains are followed a bounded
 * number of steps (cycles are refused on write).
 */
export async function realignPlacedBefore(db: Executor, postId: number): Promise<number[]> {
  const all: number[] = [];
  let anchors = [postId];
  for (let step = 0; step < 20 && anchors.length > 0; step += 1) {
    const moved = await rowsOf<{ id: number }>(
      db,
      sql`
      update posts d set sort_order = a.sort_order, sort_at = a.sort_at + interval '1 millisecond'
      from posts a
      where d.order_post_before_id = a.id and a.id in (${sql.join(
        anchors.map((id) => sql`${id}`),
        sql`, `,
      )})
      returning d.id`,
    );
    anchors = moved.map((row) => Number(row.id));
    all.push(...anchors);
  }
  return all;
}

export async function findParentPage(db: Executor, postId: number) {
  const [row] = await db.select({ id: posts.id }).from(posts).where(eq(posts.id, postId));
  return row;
}

/** Records the first read; later calls keep the first time. */
export async function markRead(db: Executor, postId: number, userId: number, at: Date) {
  await db.insert(postReads).values({ postId, userId, readAt: at }).onConflictDoNothing();
  const [row] = await db
    .select({ readAt: postReads.readAt })
    .from(postReads)
    .where(and(eq(postReads.postId, postId), eq(postReads.userId, userId)));
  return row!.readAt;
}

/**
 * How many of each post's targeted readers have read it: the distinct users
 * reached through its groups (and the groups below them, and guardians of
 * children there) who hold one of its categories, plus those named — the
 * same rule as the feed. One statement for a whole page of posts.
 */
export async function readStatistics(db: Executor, postIds: readonly number[]) {
  const result = new Map<number, { readCount: number; targetCount: number }>();
  if (postIds.length === 0) return result;
  const list = sql.join(
    postIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await rowsOf<{ post_id: number; target_count: number; read_count: number }>(
    db,
    sql`
    with recursive targets(post_id, node_id) as (
      select post_id, node_id from post_nodes where post_id in (${list})
      union
      select t.post_id, n.id from nodes n join targets t on n.parent_id = t.node_id
    ),
    members(post_id, user_id) as (
      select t.post_id, un.user_id from targets t join user_nodes un on un.node_id = t.node_id
      union
      select t.post_id, al.user_id from targets t
        join user_nodes un on un.node_id = t.node_id
        join account_links al on al.related_user_id = un.user_id and al.relation = 'child'
      union
      select pn.post_id, u.id from post_nodes pn join users u on true
        where pn.post_id in (${list}) and pn.node_id = ${ids.municipalityNodeId}
    ),
    user_categories_all(user_id, category_id) as (
      select user_id, category_id from user_categories
      union
      select ur.user_id, r.category_id from user_roles ur join roles r on r.id = ur.role_id
        where r.category_id is not null
    ),
    reached(post_id, user_id) as (
      select m.post_id, m.user_id from members m
        join post_categories pc on pc.post_id = m.post_id
        join user_categories_all uc on uc.user_id = m.user_id and uc.category_id = pc.category_id
      union
      select post_id, user_id from post_users where post_id in (${list})
    )
    select r.post_id, count(*)::int as target_count, count(pr.user_id)::int as read_count
    from reached r left join post_reads pr on pr.post_id = r.post_id and pr.user_id = r.user_id
    group by r.post_id`,
  );
  for (const id of postIds) result.set(id, { readCount: 0, targetCount: 0 });
  for (const row of rows) {
    result.set(Number(row.post_id), {
      readCount: Number(row.read_count),
      targetCount: Number(row.target_count),
    });
  }
  return result;
}

/**
 * Rewrites the feed rows of the given posts from their current status,
 * targets and sort keys: every published post gets one row per (group,
 * category) pair it targets; other statuses get none. Called in the same
 * transaction as every write that touches any of those.
 */
export async function refreshFeed(db: Executor, postIds: readonly number[]) {
  if (postIds.length === 0) return;
  const list = sql.join(
    [...new Set(postIds)].map((id) => sql`${id}`),
    sql`, `,
  );
  await db.execute(sql`delete from post_feed where post_id in (${list})`);
  await db.execute(sql`
    insert into post_feed (post_id, node_id, category_id, type, sort_order, sort_at, published_at)
    select p.id, pn.node_id, pc.category_id, p.type, p.sort_order, p.sort_at,
           coalesce(p.published_date, p.created_at)
    from posts p
    join post_nodes pn on pn.post_id = p.id
    join post_categories pc on pc.post_id = p.id
    where p.id in (${list}) and p.status = 'publish'`);
}

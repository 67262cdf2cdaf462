import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import { postVersions, type PostVersionEvent } from '../../db/schema';

/** Drafts saved again by the same person within this long fold into one version. */
export const draftFoldMs = 5 * 60_000;

export type PostVersionRow = typeof postVersions.$inferSelect;

export interface VersionCause {
  at: Date;
  /** Who changed the post; null for the scheduler. */
  by: number | null;
  event: PostVersionEvent;
}

/** The post's row and targets as they are now, in the shape a version keeps them. */
const snapshotOf = (postIds: readonly number[]) => sql`
  select p.id as post_id, p.type, p.status, p.title, p.slug,
    (to_jsonb(p) - 'search') || jsonb_build_object('media_ids',
      array(select media_id from post_media where post_id = p.id order by position)) as post,
    array(select node_id from post_nodes where post_id = p.id order by node_id) as node_ids,
    array(select category_id from post_categories where post_id = p.id order by category_id) as category_ids,
    array(select user_id from post_users where post_id = p.id order by user_id) as user_ids,
    array(select user_id from post_editors where post_id = p.id order by user_id) as editor_ids
  from posts p where p.id in (${sql.join(
    postIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;

/**
 * Records the posts' present state as their next version, in the transaction
 * that changed them (after their targets are written). A draft saved again
 * by the same person within `draftFoldMs` of their last draft version
 * replaces that version instead; a published state never folds.
 */
export async function recordPostVersions(
  db: Executor,
  postIds: readonly number[],
  cause: VersionCause,
): Promise<Map<number, number>> {
  const numbers = new Map<number, number>();
  if (postIds.length === 0) return numbers;
  const at = cause.at.toISOString();
  for (const postId of new Set(postIds)) {
    const [last] = await db
      .select({
        id: postVersions.id,
        number: postVersions.number,
        status: postVersions.status,
        changedBy: postVersions.changedBy,
        recordedAt: postVersions.recordedAt,
        event: postVersions.event,
      })
      .from(postVersions)
      .where(eq(postVersions.postId, postId))
      .orderBy(desc(postVersions.number))
      .limit(1);
    const folds =
      last !== undefined &&
      cause.event === 'saved' &&
      cause.by !== null &&
      last.changedBy === cause.by &&
      last.status === 'draft' &&
      (last.event === 'saved' || last.event === 'created') &&
      cause.at.getTime() - last.recordedAt.getTime() < draftFoldMs;
    if (folds) {
      const [now] = await rowsOf<{ status: string }>(
        db,
        sql`select status from posts where id = ${postId}`,
      );
      if (now?.status === 'draft') {
        await db.execute(sql`
          update post_versions v set recorded_at = ${at}::timestamptz, type = s.type,
            status = s.status, title = s.title, slug = s.slug, post = s.post,
            node_ids = s.node_ids, category_ids = s.category_ids, user_ids = s.user_ids,
            editor_ids = s.editor_ids
          from (${snapshotOf([postId])}) s where v.id = ${last.id}`);
        numbers.set(postId, last.number);
        continue;
      }
    }
    const [inserted] = await rowsOf<{ number: number }>(
      db,
      sql`
      insert into post_versions (post_id, number, recorded_at, changed_by, event, type, status,
        title, slug, post, node_ids, category_ids, user_ids, editor_ids)
      select s.post_id,
        coalesce((select max(number) from post_versions where post_id = s.post_id), 0) + 1,
        ${at}::timestamptz, ${cause.by}, ${cause.event}, s.type, s.status, s.title, s.slug,
        s.post, s.node_ids, s.category_ids, s.user_ids, s.editor_ids
      from (${snapshotOf([postId])}) s
      returning number`,
    );
    if (inserted) numbers.set(postId, Number(inserted.number));
  }
  return numbers;
}

/** What a change of status from `before` (none: created) to `after` is called in the history. */
export function versionEventOf(before: string | undefined, after: string): PostVersionEvent {
  if (before === undefined) return 'created';
  if (after === before) return 'saved';
  if (after === 'trash') return 'trashed';
  if (before === 'trash') return 'restored';
  if (after === 'publish') return 'published';
  if (after === 'future') return 'scheduled';
  if (before === 'publish') return 'unpublished';
  return 'saved';
}

/** A post's versions, newest first, a page at a time. */
export async function listPostVersions(
  db: Executor,
  postId: number,
  page: { offset: number; limit: number },
) {
  const rows = await db
    .select()
    .from(postVersions)
    .where(eq(postVersions.postId, postId))
    .orderBy(desc(postVersions.number))
    .offset(page.offset)
    .limit(page.limit);
  const [count] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from post_versions where post_id = ${postId}`,
  );
  return { rows, total: Number(count?.total ?? 0) };
}

export async function findPostVersion(db: Executor, postId: number, number: number) {
  const [row] = await db
    .select()
    .from(postVersions)
    .where(and(eq(postVersions.postId, postId), eq(postVersions.number, number)));
  return row;
}

/** The version in force at `at`: the last one recorded at or before it. */
export async function versionInForce(db: Executor, postId: number, at: Date) {
  const [row] = await db
    .select()
    .from(postVersions)
    .where(and(eq(postVersions.postId, postId), lte(postVersions.recordedAt, at)))
    .orderBy(desc(postVersions.recordedAt), desc(postVersions.number))
    .limit(1);
  return row;
}

/** The latest version of a post, also of one deleted from the portal. */
export async function latestPostVersion(db: Executor, postId: number) {
  const [row] = await db
    .select()
    .from(postVersions)
    .where(eq(postVersions.postId, postId))
    .orderBy(desc(postVersions.number))
    .limit(1);
  return row;
}

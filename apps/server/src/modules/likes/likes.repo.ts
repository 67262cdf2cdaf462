import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { likes } from '../../db/schema';
import { rowsOf } from '../../db/raw-rows';

/** A post or a comment: what a like is of. */
export type LikeTarget =
  { postId: number; commentId?: undefined } | { commentId: number; postId?: undefined };

function targetColumn(target: LikeTarget) {
  return target.postId !== undefined
    ? sql`post_id = ${target.postId}`
    : sql`comment_id = ${target.commentId}`;
}

/** How many like the target, and the viewer's own like of it. One round trip. */
export async function likeSummaryOf(db: Executor, target: LikeTarget, userId: number) {
  const where = targetColumn(target);
  const [row] = await rowsOf<{ count: number; like_id: number | null }>(
    db,
    sql`select
      (select count(*)::int from likes where ${where}) as count,
      (select id from likes where ${where} and user_id = ${userId}) as like_id`,
  );
  const likeId = row?.like_id === null || row?.like_id === undefined ? null : Number(row.like_id);
  return { count: Number(row?.count ?? 0), liked: likeId !== null, likeId };
}

/** One like per user and target: a second like changes nothing (the unique constraints decide). */
export async function insertLike(db: Executor, userId: number, target: LikeTarget) {
  await db
    .insert(likes)
    .values({ userId, postId: target.postId ?? null, commentId: target.commentId ?? null })
    .onConflictDoNothing();
}

/** The user's own like: another user's id is simply not found. */
export async function findOwnLike(db: Executor, userId: number, likeId: number) {
  const [row] = await db
    .select()
    .from(likes)
    .where(and(eq(likes.id, likeId), eq(likes.userId, userId)));
  return row;
}

export async function deleteLikeRow(db: Executor, likeId: number) {
  await db.delete(likes).where(eq(likes.id, likeId));
}

import { asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { comments, users } from '../../db/schema';
import { shownName, type IdentityScope } from '../../identity/protected-identity';
import { userPerson } from '../../identity/shown-names';

export type CommentRow = typeof comments.$inferSelect;

/** A comment as lists show it: its writer's name and its likes, read in the same statement. */
export interface ListedComment {
  id: number;
  postId: number;
  userId: number;
  text: string;
  createdAt: Date;
  authorName: string;
  likeCount: number;
  /** The viewer's like of the comment, if any. */
  likeId: number | null;
}

function likeColumns(viewerId: number) {
  return {
    likeCount: sql<number>`(select count(*)::int from likes l where l.comment_id = ${comments.id})`,
    likeId: sql<
      number | null
    >`(select l.id from likes l where l.comment_id = ${comments.id} and l.user_id = ${viewerId})`,
  };
}

/** A post's comments, oldest first; a protected writer is named as `scope` may see them. */
export async function listComments(
  db: Executor,
  scope: IdentityScope,
  postId: number,
  viewerId: number,
  page: { page: number; perPage: number },
): Promise<{ rows: ListedComment[]; total: number }> {
  const where = eq(comments.postId, postId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: comments.id,
        postId: comments.postId,
        userId: comments.userId,
        text: comments.text,
        createdAt: comments.createdAt,
        authorName: shownName(scope, userPerson),
        ...likeColumns(viewerId),
      })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .where(where)
      .orderBy(asc(comments.createdAt), asc(comments.id))
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage),
    db.select({ value: count() }).from(comments).where(where),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row,
      likeCount: Number(row.likeCount),
      likeId: row.likeId === null ? null : Number(row.likeId),
    })),
    total: total?.value ?? 0,
  };
}

export async function countComments(db: Executor, postId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(comments)
    .where(eq(comments.postId, postId));
  return row?.value ?? 0;
}

export async function insertComment(
  db: Executor,
  values: { postId: number; userId: number; text: string },
): Promise<CommentRow> {
  const [row] = await db.insert(comments).values(values).returning();
  return row!;
}

/** The comment, locked until the transaction ends. */
export async function lockComment(db: Executor, commentId: number) {
  const [row] = await db.select().from(comments).where(eq(comments.id, commentId)).for('update');
  return row;
}

export async function findComment(db: Executor, commentId: number) {
  const [row] = await db.select().from(comments).where(eq(comments.id, commentId));
  return row;
}

/** Removes the comment; its likes go with it (ON DELETE CASCADE). */
export async function deleteCommentRow(db: Executor, commentId: number) {
  await db.delete(comments).where(eq(comments.id, commentId));
}

import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { postApprovals } from '../../db/schema';

export type ApprovalRequestRow = typeof postApprovals.$inferSelect;

/** A new write replaces the request still waiting: approvers decide on what the post is now. */
export async function withdrawPending(db: Executor, postId: number, at: Date) {
  await db
    .update(postApprovals)
    .set({ state: 'withdrawn', decidedAt: at })
    .where(and(eq(postApprovals.postId, postId), eq(postApprovals.state, 'pending')));
}

export async function insertRequest(
  db: Executor,
  values: {
    postId: number;
    ruleId: number;
    requestedBy: number;
    requestedAt: Date;
    versionNumber: number;
  },
) {
  const [row] = await db.insert(postApprovals).values(values).returning();
  return row!;
}

/** The request waiting for a decision, locked: two approvers at once record one decision. */
export async function lockPendingRequest(db: Executor, postId: number) {
  const [row] = await db
    .select()
    .from(postApprovals)
    .where(and(eq(postApprovals.postId, postId), eq(postApprovals.state, 'pending')))
    .for('update');
  return row;
}

export async function latestRequest(db: Executor, postId: number) {
  const [row] = await db
    .select()
    .from(postApprovals)
    .where(eq(postApprovals.postId, postId))
    .orderBy(desc(postApprovals.requestedAt), desc(postApprovals.id))
    .limit(1);
  return row;
}

export async function decideRequest(
  db: Executor,
  id: number,
  values: { state: 'approved' | 'returned'; decidedBy: number; decidedAt: Date; comment?: string },
) {
  await db
    .update(postApprovals)
    .set({ ...values, comment: values.comment ?? null })
    .where(eq(postApprovals.id, id));
}

/** The pending requests of posts still waiting (status pending), oldest first. */
export async function pendingRequests(db: Executor) {
  return db
    .select()
    .from(postApprovals)
    .where(
      and(
        eq(postApprovals.state, 'pending'),
        sql`exists (select 1 from posts p where p.id = ${postApprovals.postId} and p.status = 'pending')`,
      ),
    )
    .orderBy(postApprovals.requestedAt, postApprovals.id);
}

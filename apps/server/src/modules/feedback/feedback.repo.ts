import type { FeedbackItem, FeedbackRequest } from '@skolportalen/shared';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { feedback, users } from '../../db/schema';
import { shownField, shownName, type IdentityScope } from '../../identity/protected-identity';
import { userPerson } from '../../identity/shown-names';

export async function saveFeedback(db: Executor, input: FeedbackRequest, userId: number | null) {
  const [row] = await db
    .insert(feedback)
    .values({
      userId,
      message: input.message,
      email: input.email ? input.email : null,
      pageUrl: input.pageUrl ? input.pageUrl : null,
    })
    .returning({ id: feedback.id });
  return row!.id;
}

/**
 * Feedback, newest first. A signed-in sender with a protected identity reads
 * "Skyddad identitet" to an administrator without the right, and the address
 * they left for an answer (likely their own) is withheld (decision 0039).
 */
export async function listFeedback(
  db: Executor,
  scope: IdentityScope,
  query: { page: number; perPage: number; status?: 'new' | 'handled' | undefined },
): Promise<{ items: FeedbackItem[]; total: number }> {
  const where = query.status ? eq(feedback.status, query.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        feedback,
        email: sql<string | null>`case when ${feedback.userId} is null then ${feedback.email}
          else ${shownField(scope, userPerson, feedback.email)} end`,
        sender: { id: users.id, name: shownName(scope, userPerson) },
      })
      .from(feedback)
      .leftJoin(users, eq(users.id, feedback.userId))
      .where(where)
      .orderBy(desc(feedback.createdAt), desc(feedback.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ value: count() }).from(feedback).where(where),
  ]);
  return {
    items: rows.map(({ feedback: row, email, sender }) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      message: row.message,
      email,
      pageUrl: row.pageUrl,
      status: row.status,
      sender,
    })),
    total: total?.value ?? 0,
  };
}

export async function setFeedbackStatus(db: Executor, id: number, status: 'new' | 'handled') {
  const [row] = await db
    .update(feedback)
    .set({ status })
    .where(eq(feedback.id, id))
    .returning({ id: feedback.id });
  return row !== undefined;
}

import type { FeedbackItem, FeedbackRequest } from '@skolportalen/shared';
import { count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { feedback, users } from '../../db/schema';
import { fullName } from '../../identity/auth-user.repo';

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

export async function listFeedback(
  db: Executor,
  query: { page: number; perPage: number; status?: 'new' | 'handled' | undefined },
): Promise<{ items: FeedbackItem[]; total: number }> {
  const where = query.status ? eq(feedback.status, query.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        feedback,
        sender: { id: users.id, firstName: users.firstName, lastName: users.lastName },
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
    items: rows.map(({ feedback: row, sender }) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      message: row.message,
      email: row.email,
      pageUrl: row.pageUrl,
      status: row.status,
      sender: sender ? { id: sender.id, name: fullName(sender) } : null,
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

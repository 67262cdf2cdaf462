import type { MyNotificationResponse, NotificationDateResponse } from '@skolportalen/shared';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsTogether } from '../../db/together';
import {
  notificationRecipients,
  notificationSettings,
  notifications,
  users,
} from '../../db/schema';

const r = notificationRecipients;
const visible = (userId: number) => and(eq(r.userId, userId), isNull(r.dismissedAt));

/** The user's notifications (not dismissed), newest first; unread only when asked. */
export async function listMine(
  db: Executor,
  userId: number,
  unreadOnly: boolean,
  page: number,
  perPage: number,
) {
  const where = unreadOnly ? and(visible(userId), isNull(r.readAt)) : visible(userId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: notifications.id,
        subject: notifications.subject,
        text: notifications.body,
        source: notifications.source,
        postId: notifications.postId,
        createdAt: r.createdAt,
        readAt: r.readAt,
      })
      .from(r)
      .innerJoin(notifications, eq(notifications.id, r.notificationId))
      .where(where)
      .orderBy(desc(r.createdAt), desc(r.notificationId))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ value: count() }).from(r).where(where),
  ]);
  const items: MyNotificationResponse[] = rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  }));
  return { items, total: total?.value ?? 0 };
}

export async function notificationDates(
  db: Executor,
  userId: number,
): Promise<NotificationDateResponse> {
  // The bell's question comes with every first page: one text, planned once per
  // connection, and read with the page's other reads about the reader.
  const [row] = await rowsTogether<{
    lastSentAt: Date | string | null;
    lastReadAt: Date | string | null;
    unreadCount: number | string;
  }>(
    db,
    userId,
    sql`select max(created_at) as "lastSentAt", max(read_at) as "lastReadAt",
          count(*) filter (where read_at is null and dismissed_at is null) as "unreadCount"
        from notification_recipients where user_id = ${userId}`,
  );
  const iso = (value: Date | string | null | undefined) =>
    value ? new Date(value).toISOString() : null;
  return {
    lastSentAt: iso(row?.lastSentAt),
    lastReadAt: iso(row?.lastReadAt),
    unreadCount: Number(row?.unreadCount ?? 0),
  };
}

/** Sets the user's status of their own notifications; the count of rows that are theirs. */
export async function setStatus(
  db: Executor,
  userId: number,
  notificationIds: number[],
  status: 'read' | 'unread' | 'dismissed',
) {
  const set =
    status === 'read'
      ? { readAt: sql`coalesce(${r.readAt}, now())` }
      : status === 'unread'
        ? { readAt: null, dismissedAt: null }
        : {
            dismissedAt: sql`coalesce(${r.dismissedAt}, now())`,
            readAt: sql`coalesce(${r.readAt}, now())`,
          };
  const rows = await db
    .update(r)
    .set(set)
    .where(and(eq(r.userId, userId), inArray(r.notificationId, notificationIds)))
    .returning({ id: r.notificationId });
  return rows.length;
}

export async function settingsOf(db: Executor, userId: number) {
  const [row] = await db
    .select({ email: notificationSettings.email, address: users.email })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(eq(users.id, userId));
  return { email: row?.email ?? true, address: row?.address?.trim() || null };
}

export async function saveSettings(db: Executor, userId: number, email: boolean) {
  await db
    .insert(notificationSettings)
    .values({ userId, email })
    .onConflictDoUpdate({
      target: notificationSettings.userId,
      set: { email, updatedAt: sql`now()` },
    });
}

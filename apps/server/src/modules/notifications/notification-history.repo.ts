import type {
  NotificationRecipientResponse,
  OutboxMailResponse,
  RecipientDelivery,
  SentNotificationResponse,
} from '@skolportalen/shared';
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import {
  categories,
  mailOutbox,
  nodes,
  notifications,
  users,
  type NotificationAudience,
} from '../../db/schema';
import { fullName } from '../../identity/auth-user.repo';
import type { NotificationRow } from './notifications.repo';

const iso = (value: Date | null) => value?.toISOString() ?? null;

async function namesOf(
  db: Executor,
  table: typeof nodes | typeof categories,
  ids: number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(inArray(table.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

async function userNames(db: Executor, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, fullName(row)]));
}

/** Sent notifications with who they were for and how their mail fared, counted in SQL. */
export async function presentNotifications(
  db: Executor,
  rows: NotificationRow[],
): Promise<SentNotificationResponse[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const audiences = rows.map((row) => row.audience as NotificationAudience);
  const [groupNames, categoryNames, people, tallies] = await Promise.all([
    namesOf(db, nodes, [...new Set(audiences.flatMap((a) => a.nodeIds))]),
    namesOf(db, categories, [...new Set(audiences.flatMap((a) => a.categoryIds))]),
    userNames(db, [
      ...new Set([
        ...audiences.flatMap((a) => a.userIds),
        ...rows.flatMap((row) => (row.createdBy ? [row.createdBy] : [])),
      ]),
    ]),
    rowsOf<{
      id: number;
      sent: string;
      kept: string;
      failed: string;
      waiting: string;
      read: string;
    }>(
      db,
      sql`select n.id,
        (select count(*) from mail_outbox m where m.notification_id = n.id and m.status = 'sent') as sent,
        (select count(*) from mail_outbox m where m.notification_id = n.id and m.status = 'kept') as kept,
        (select count(*) from mail_outbox m where m.notification_id = n.id and m.status = 'failed') as failed,
        (select count(*) from mail_outbox m where m.notification_id = n.id
           and m.status in ('pending', 'sending')) as waiting,
        (select count(*) from notification_recipients r where r.notification_id = n.id
           and r.read_at is not null) as read
      from notifications n where n.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    ),
  ]);
  const tally = new Map(tallies.map((row) => [Number(row.id), row]));
  const named = (map: Map<number, string>, list: number[]) =>
    list.map((id) => ({ id, name: map.get(id) ?? String(id) }));
  return rows.map((row, index) => {
    const audience = audiences[index]!;
    const counted = tally.get(row.id);
    return {
      id: row.id,
      subject: row.subject,
      text: row.body,
      source: row.source,
      postId: row.postId,
      state: row.state,
      createdAt: row.createdAt.toISOString(),
      createdBy: row.createdBy
        ? { id: row.createdBy, name: people.get(row.createdBy) ?? String(row.createdBy) }
        : null,
      audience: {
        groups: named(groupNames, audience.nodeIds),
        categories: named(categoryNames, audience.categoryIds),
        users: named(people, audience.userIds),
      },
      counts: {
        recipients: row.recipientCount,
        mails: row.mailCount,
        sent: Number(counted?.sent ?? 0),
        kept: Number(counted?.kept ?? 0),
        failed: Number(counted?.failed ?? 0),
        waiting: Number(counted?.waiting ?? 0),
        noEmail: row.noEmailCount,
        optedOut: row.optedOutCount,
        read: Number(counted?.read ?? 0),
      },
    };
  });
}

export async function listNotifications(db: Executor, page: number, perPage: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ value: count() }).from(notifications),
  ]);
  return { items: await presentNotifications(db, rows), total: total?.value ?? 0 };
}

/** The recipient's delivery as one value: the mail's status, or why no mail was made. */
const deliverySql = sql<RecipientDelivery>`case r.delivery when 'mail' then coalesce(m.status, 'failed') else r.delivery end`;

export async function listRecipients(
  db: Executor,
  notificationId: number,
  deliveries: RecipientDelivery[] | undefined,
  page: number,
  perPage: number,
) {
  const conditions: SQL[] = [sql`r.notification_id = ${notificationId}`];
  if (deliveries?.length) {
    conditions.push(
      sql`${deliverySql} in (${sql.join(
        deliveries.map((value) => sql`${value}`),
        sql`, `,
      )})`,
    );
  }
  const where = sql.join(conditions, sql` and `);
  const from = sql`from notification_recipients r
    join users u on u.id = r.user_id
    left join mail_outbox m on m.id = r.mail_id`;
  const [rows, totals] = await Promise.all([
    rowsOf<{
      user_id: number;
      first_name: string;
      last_name: string;
      username: string;
      email: string | null;
      delivery: RecipientDelivery;
      to_address: string | null;
      sent_at: Date | string | null;
      last_error: string | null;
      read_at: Date | string | null;
      dismissed_at: Date | string | null;
    }>(
      db,
      sql`select u.id as user_id, u.first_name, u.last_name, u.username, u.email,
          ${deliverySql} as delivery, m.to_address, m.sent_at, m.last_error, r.read_at, r.dismissed_at
        ${from} where ${where}
        order by u.last_name, u.first_name, u.id
        limit ${perPage} offset ${(page - 1) * perPage}`,
    ),
    rowsOf<{ total: string }>(db, sql`select count(*) as total ${from} where ${where}`),
  ]);
  const items: NotificationRecipientResponse[] = rows.map((row) => ({
    user: {
      id: Number(row.user_id),
      name: fullName({ firstName: row.first_name, lastName: row.last_name }),
      username: row.username,
    },
    delivery: row.delivery,
    address: row.to_address ?? row.email,
    sentAt: row.sent_at ? new Date(row.sent_at).toISOString() : null,
    error: row.last_error,
    readState: row.dismissed_at ? 'dismissed' : row.read_at ? 'read' : 'unread',
  }));
  return { items, total: Number(totals[0]?.total ?? 0) };
}

export async function listOutbox(
  db: Executor,
  filter: { statuses?: (typeof mailOutbox.$inferSelect)['status'][]; notificationId?: number },
  page: number,
  perPage: number,
) {
  const conditions = [
    ...(filter.statuses?.length ? [inArray(mailOutbox.status, filter.statuses)] : []),
    ...(filter.notificationId ? [eq(mailOutbox.notificationId, filter.notificationId)] : []),
  ];
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ value: count() }).from(mailOutbox).where(where),
  ]);
  const items: OutboxMailResponse[] = rows.map((row) => ({
    id: row.id,
    notificationId: row.notificationId,
    to: row.toAddress,
    subject: row.subject,
    text: row.body,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: iso(row.sentAt),
  }));
  return { items, total: total?.value ?? 0 };
}

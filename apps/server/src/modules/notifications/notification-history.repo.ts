import {
  protectedIdentityName,
  type NotificationRecipientResponse,
  type OutboxMailResponse,
  type RecipientDelivery,
  type SentNotificationResponse,
} from '@skolportalen/shared';
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import {
  categories,
  mailOutbox,
  nodes,
  notifications,
  type NotificationAudience,
} from '../../db/schema';
import {
  personColumns,
  personShown,
  shownField,
  shownName,
  type IdentityScope,
} from '../../identity/protected-identity';
import { shownNamesOf } from '../../identity/shown-names';
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

/**
 * Sent notifications with who they were for and how their mail fared, counted
 * in SQL; the people named (sender, chosen recipients) as `scope` may see them.
 */
export async function presentNotifications(
  db: Executor,
  scope: IdentityScope,
  rows: NotificationRow[],
): Promise<SentNotificationResponse[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const audiences = rows.map((row) => row.audience as NotificationAudience);
  const [groupNames, categoryNames, people, tallies] = await Promise.all([
    namesOf(db, nodes, [...new Set(audiences.flatMap((a) => a.nodeIds))]),
    namesOf(db, categories, [...new Set(audiences.flatMap((a) => a.categoryIds))]),
    shownNamesOf(db, scope, [
      ...audiences.flatMap((a) => a.userIds),
      ...rows.flatMap((row) => (row.createdBy ? [row.createdBy] : [])),
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

export async function listNotifications(
  db: Executor,
  scope: IdentityScope,
  page: number,
  perPage: number,
) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ value: count() }).from(notifications),
  ]);
  return { items: await presentNotifications(db, scope, rows), total: total?.value ?? 0 };
}

/** The recipient's delivery as one value: the mail's status, or why no mail was made. */
const deliverySql = sql<RecipientDelivery>`case r.delivery when 'mail' then coalesce(m.status, 'failed') else r.delivery end`;

const recipient = personColumns('u');

/**
 * A notification's recipients. One with a protected identity is counted and
 * listed as "Skyddad identitet", without username, address or the mail
 * server's answer (which may quote the address), after the others.
 */
export async function listRecipients(
  db: Executor,
  scope: IdentityScope,
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
      name: string;
      username: string | null;
      address: string | null;
      delivery: RecipientDelivery;
      sent_at: Date | string | null;
      last_error: string | null;
      read_at: Date | string | null;
      dismissed_at: Date | string | null;
    }>(
      db,
      sql`select u.id as user_id,
          ${shownName(scope, { ...recipient, firstName: sql.raw('u.first_name'), lastName: sql.raw('u.last_name') })} as name,
          ${shownField(scope, recipient, sql.raw('u.username'))} as username,
          ${shownField(scope, recipient, sql.raw('coalesce(m.to_address, u.email)'))} as address,
          ${shownField(scope, recipient, sql.raw('m.last_error'))} as last_error,
          ${deliverySql} as delivery, m.sent_at, r.read_at, r.dismissed_at
        ${from} where ${where}
        order by case when ${personShown(scope, recipient)} then 0 else 1 end,
          case when ${personShown(scope, recipient)} then u.last_name end,
          case when ${personShown(scope, recipient)} then u.first_name end, u.id
        limit ${perPage} offset ${(page - 1) * perPage}`,
    ),
    rowsOf<{ total: string }>(db, sql`select count(*) as total ${from} where ${where}`),
  ]);
  const items: NotificationRecipientResponse[] = rows.map((row) => ({
    user: { id: Number(row.user_id), name: row.name, username: row.username },
    delivery: row.delivery,
    address: row.address,
    sentAt: row.sent_at ? new Date(row.sent_at).toISOString() : null,
    error: row.last_error,
    readState: row.dismissed_at ? 'dismissed' : row.read_at ? 'read' : 'unread',
  }));
  return { items, total: Number(totals[0]?.total ?? 0) };
}

/**
 * True for a mail to the address of someone `scope` may not see: the outbox
 * then shows neither the address nor the text (a course mail greets the
 * person by name) nor the mail server's answer.
 */
function toHiddenPerson(scope: IdentityScope): SQL<boolean> {
  if (scope.kind === 'all') return sql<boolean>`false`;
  // Uncorrelated, so the database reads the hidden addresses once for the page.
  return sql<boolean>`lower(trim(${mailOutbox.toAddress})) in (select lower(trim(u.email)) from users u
    where u.security_marking <> 'Ingen' and u.email is not null
      and not ${personShown(scope, recipient)})`;
}

export async function listOutbox(
  db: Executor,
  scope: IdentityScope,
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
      .select({ mail: mailOutbox, hidden: toHiddenPerson(scope) })
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ value: count() }).from(mailOutbox).where(where),
  ]);
  const items: OutboxMailResponse[] = rows.map(({ mail: row, hidden }) => ({
    id: row.id,
    notificationId: row.notificationId,
    to: hidden ? protectedIdentityName : row.toAddress,
    subject: row.subject,
    text: hidden ? '' : row.body,
    status: row.status,
    attempts: row.attempts,
    lastError: hidden ? null : row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: iso(row.sentAt),
  }));
  return { items, total: total?.value ?? 0 };
}

import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  mailOutbox,
  notificationRecipients,
  notifications,
  type NotificationAudience,
} from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;

export async function insertNotification(
  tx: Executor,
  values: {
    subject: string;
    body: string;
    source: 'manual' | 'post' | 'approval' | 'review';
    postId?: number | null;
    audience: NotificationAudience;
    createdBy: number | null;
  },
) {
  // A post notifies once: publishing it again finds the row already there.
  const [row] = await tx.insert(notifications).values(values).onConflictDoNothing().returning();
  return row;
}

/** Takes a queued notification for fan-out; undefined when another run already did. */
export async function claimForFanOut(tx: Executor, id: number) {
  const [row] = await tx
    .update(notifications)
    .set({ state: 'sending', queuedAt: sql`now()` })
    .where(and(eq(notifications.id, id), eq(notifications.state, 'queued')))
    .returning();
  return row;
}

/**
 * One outbox row per address; the unique index on (notification, lower(address))
 * turns a second attempt into nothing. Returns the ids by lower-cased address,
 * old rows included.
 */
export async function insertMails(
  tx: Executor,
  notificationId: number,
  mails: { toAddress: string; subject: string; body: string }[],
) {
  if (mails.length) {
    for (let i = 0; i < mails.length; i += 500) {
      await tx
        .insert(mailOutbox)
        .values(mails.slice(i, i + 500).map((mail) => ({ ...mail, notificationId })))
        .onConflictDoNothing();
    }
  }
  const rows = await tx
    .select({ id: mailOutbox.id, toAddress: mailOutbox.toAddress, status: mailOutbox.status })
    .from(mailOutbox)
    .where(eq(mailOutbox.notificationId, notificationId));
  return rows;
}

export async function insertRecipients(
  tx: Executor,
  rows: {
    notificationId: number;
    userId: number;
    delivery: 'mail' | 'no_email' | 'opted_out';
    mailId: number | null;
  }[],
) {
  for (let i = 0; i < rows.length; i += 500) {
    await tx
      .insert(notificationRecipients)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing();
  }
}

export async function saveCounts(
  tx: Executor,
  id: number,
  counts: {
    recipientCount: number;
    mailCount: number;
    noEmailCount: number;
    optedOutCount: number;
  },
) {
  await tx.update(notifications).set(counts).where(eq(notifications.id, id));
}

/** Marks waiting mails as being sent (one more attempt); mails in any other state are left alone. */
export async function claimMails(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .update(mailOutbox)
    .set({ status: 'sending', claimedAt: sql`now()`, attempts: sql`${mailOutbox.attempts} + 1` })
    .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, 'pending')))
    .returning();
}

export async function markMails(
  db: Executor,
  ids: number[],
  result:
    | { status: 'sent'; messageId: string }
    | { status: 'kept' }
    | { status: 'failed' | 'pending'; error: string },
) {
  if (ids.length === 0) return;
  await db
    .update(mailOutbox)
    .set({
      status: result.status,
      ...(result.status === 'sent'
        ? { messageId: result.messageId, sentAt: sql`now()`, lastError: null }
        : {}),
      ...('error' in result ? { lastError: result.error } : {}),
    })
    .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, 'sending')));
}

/**
 * Claimed mails kept rather than sent (no SMTP server); those given an
 * addition keep their text as it would have gone out.
 */
export async function keepMails(
  db: Executor,
  ids: number[],
  rewritten: readonly { id: number; body: string }[],
) {
  for (const mail of rewritten) {
    await db.update(mailOutbox).set({ body: mail.body }).where(eq(mailOutbox.id, mail.id));
  }
  await markMails(db, ids, { status: 'kept' });
}

/** Mails still waiting after the last attempt: they will not be tried again. */
export async function failWaitingMails(db: Executor, ids: number[], error: string) {
  if (ids.length === 0) return;
  await db
    .update(mailOutbox)
    .set({ status: 'failed', lastError: error })
    .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, 'pending')));
}

export async function notificationsOfMails(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: mailOutbox.notificationId })
    .from(mailOutbox)
    .where(inArray(mailOutbox.id, ids));
  return rows.flatMap((row) => (row.id ? [row.id] : []));
}

/** A notification whose mails are all done is finished. */
export async function finishNotifications(db: Executor, ids: number[]) {
  if (ids.length === 0) return;
  await db
    .update(notifications)
    .set({ state: 'sent', finishedAt: sql`now()` })
    .where(
      and(
        inArray(notifications.id, ids),
        eq(notifications.state, 'sending'),
        sql`not exists (select 1 from ${mailOutbox} m
          where m.notification_id = ${notifications.id} and m.status in ('pending', 'sending'))`,
      ),
    );
}

/**
 * Mails left "sending" by a server that stopped mid-send: whether they went
 * out is unknown, so they fail rather than risk reaching someone twice.
 */
export async function failInterruptedMails(db: Executor, olderThanMs: number, error: string) {
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'failed', lastError: error })
    .where(
      and(
        eq(mailOutbox.status, 'sending'),
        lt(mailOutbox.claimedAt, new Date(Date.now() - olderThanMs)),
      ),
    )
    .returning({ notificationId: mailOutbox.notificationId });
  return [...new Set(rows.flatMap((row) => (row.notificationId ? [row.notificationId] : [])))];
}

/** The post a notification still waiting to go out is about (null for none, or once taken). */
export async function queuedPostOf(db: Executor, id: number): Promise<number | null> {
  const [row] = await db
    .select({ postId: notifications.postId })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.state, 'queued')));
  return row?.postId ?? null;
}

export async function findNotificationRow(db: Executor, id: number) {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
  return row;
}

/** Waiting mails of a notification, for queueing their batches. */
export async function pendingMailIds(db: Executor, notificationId: number) {
  const rows = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.notificationId, notificationId), eq(mailOutbox.status, 'pending')))
    .orderBy(mailOutbox.id);
  return rows.map((row) => row.id);
}

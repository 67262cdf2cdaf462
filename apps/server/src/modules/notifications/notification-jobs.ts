import { format, sv } from '@skolportalen/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { MailConfig } from '../../config';
import type { Database, Executor } from '../../db/client';
import { loggableError } from '../../db/loggable-error';
import type { NotificationAudience } from '../../db/schema';
import type { JobContext, JobService } from '../../jobs/job-service';
import type { Mailer, OutgoingMail } from '../../mail/mailer';
import { additionsFor, withAddition, type MailAddition } from './mail-additions';
import { previewOf, resolveAudience, type AudienceMember } from './notification-audience.repo';
import {
  claimForFanOut,
  claimMails,
  failInterruptedMails,
  failWaitingMails,
  finishNotifications,
  insertMails,
  insertNotification,
  insertRecipients,
  keepMails,
  markMails,
  notificationsOfMails,
  pendingMailIds,
  queuedPostOf,
  saveCounts,
} from './notifications.repo';

const m = sv.notifications.mail;
export const fanOutQueue = 'notification.fan-out';
export const mailQueue = 'mail.send';
const sweepQueue = 'mail.sweep';
/** A mail claimed this long ago and still "sending" belonged to a server that stopped. */
const interruptedAfterMs = 10 * 60_000;
/** Errors of the connection itself: the rest of the batch would fail the same way. */
const connectionErrors = /ECONNECTION|ETIMEDOUT|ESOCKET|ECONNREFUSED|EDNS|ETLS|EAUTH/;

export interface NotificationDeps {
  db: Database;
  jobs: JobService;
  mailer: Mailer;
  mail: MailConfig;
  log: FastifyBaseLogger;
  /** Mails about a post in each recipient's language; without it, all in Swedish. */
  mailLanguage?: MailLanguage;
  clock: () => Date;
  /** Text made for each mail's recipient as it goes out (mail-additions.ts). */
  additions: readonly MailAddition[];
}

/**
 * A post's notification in another language (issue 27). The translations
 * module supplies it and the API mount hands it over, so notifications
 * import no translation code.
 */
export interface MailLanguage {
  /**
   * Runs before the mails about a post are composed, outside any transaction:
   * a crisis alert is machine-translated into its recipients' languages first,
   * so its mails go out translated. A failure leaves those mails in Swedish.
   */
  beforeMails?(postId: number): Promise<void>;
  /**
   * The subject and text in `language`, with the Swedish original below;
   * null when the post has no translation into it.
   */
  mailIn(
    db: Executor,
    postId: number,
    language: string,
    swedish: { subject: string; text: string },
  ): Promise<{ subject: string; text: string } | null>;
}

/**
 * Writes a notification and the job that will reach its audience, in the
 * caller's transaction: it goes out exactly when the write commits (a post's
 * publish, or an administrator's send). Call `jobs.wake(fanOutQueue)` after
 * the commit to start at once.
 */
export async function queueNotification(
  tx: Executor,
  jobs: JobService,
  values: {
    subject: string;
    text: string;
    audience: NotificationAudience;
    createdBy: number | null;
    source: 'manual' | 'post' | 'approval' | 'review';
    postId?: number;
  },
) {
  const row = await insertNotification(tx, {
    subject: values.subject,
    body: values.text,
    source: values.source,
    postId: values.postId ?? null,
    audience: values.audience,
    createdBy: values.createdBy,
  });
  if (row) await jobs.send(fanOutQueue, { notificationId: row.id }, { tx });
  return row;
}

export function mailText(text: string, mail: MailConfig) {
  return `${text.trim()}\n\n-- \n${format(m.footer, { url: `${mail.publicUrl}/profile/info` })}\n`;
}

export function registerNotificationJobs(deps: NotificationDeps) {
  const { jobs } = deps;
  jobs.define<{ notificationId: number }>({
    name: fanOutQueue,
    retryLimit: 5,
    backoff: true,
    expireInSeconds: 15 * 60,
    handler: ({ notificationId }) => fanOut(deps, notificationId),
  });
  jobs.define<{ mailIds: number[] }>({
    name: mailQueue,
    retryLimit: 6,
    backoff: true,
    expireInSeconds: 15 * 60,
    handler: ({ mailIds }, context) => sendBatch(deps, mailIds, context),
  });
  jobs.define({
    name: sweepQueue,
    retryLimit: 0,
    backoff: false,
    expireInSeconds: 5 * 60,
    handler: async () => {
      const touched = await failInterruptedMails(deps.db, interruptedAfterMs, m.interrupted);
      await finishNotifications(deps.db, touched);
    },
  });
  jobs.schedule(sweepQueue, '*/5 * * * *');
}

/** A post's notification in each language its recipients read that has a translation. */
async function textsByLanguage(
  tx: Executor,
  mailLanguage: MailLanguage | undefined,
  notification: { postId: number | null; subject: string; body: string },
  members: readonly AudienceMember[],
) {
  const texts = new Map<string, { subject: string; text: string }>();
  if (!mailLanguage || notification.postId === null) return texts;
  const swedish = { subject: notification.subject, text: notification.body };
  for (const language of new Set(members.map((member) => member.language))) {
    const text = await mailLanguage.mailIn(tx, notification.postId, language, swedish);
    if (text) texts.set(language, text);
  }
  return texts;
}

/**
 * Resolves the audience once, in one transaction: a bell entry for every
 * recipient, one outbox row per address for those who take mail, and the
 * batch jobs that send them. A second run finds the notification taken.
 */
async function fanOut(
  { db, jobs, mail, mailLanguage, log }: NotificationDeps,
  notificationId: number,
) {
  if (mailLanguage?.beforeMails) {
    const postId = await queuedPostOf(db, notificationId);
    if (postId !== null) {
      await mailLanguage.beforeMails(postId).catch((error: unknown) => {
        log.warn(
          { err: loggableError(error), notificationId, postId },
          'mails not prepared in other languages',
        );
      });
    }
  }
  const queued = await db.transaction(async (tx) => {
    const notification = await claimForFanOut(tx, notificationId);
    if (!notification) return false;
    const members = await resolveAudience(tx, notification.audience as NotificationAudience);
    const mailable = members.filter((member) => member.email && member.wantsEmail);
    const texts = await textsByLanguage(tx, mailLanguage, notification, mailable);
    // One mail per address, in the language of the first member who has it.
    const byAddress = new Map<string, { toAddress: string; subject: string; body: string }>();
    for (const member of mailable) {
      const key = member.email!.toLowerCase();
      if (byAddress.has(key)) continue;
      const { subject, text } = texts.get(member.language) ?? {
        subject: notification.subject,
        text: notification.body,
      };
      byAddress.set(key, { toAddress: member.email!, subject, body: mailText(text, mail) });
    }
    const mails = await insertMails(tx, notification.id, [...byAddress.values()]);
    const mailIdByAddress = new Map(mails.map((row) => [row.toAddress.toLowerCase(), row.id]));
    await insertRecipients(
      tx,
      members.map((member) => ({
        notificationId: notification.id,
        userId: member.userId,
        delivery: !member.email ? 'no_email' : member.wantsEmail ? 'mail' : 'opted_out',
        mailId:
          member.email && member.wantsEmail
            ? (mailIdByAddress.get(member.email.toLowerCase()) ?? null)
            : null,
      })),
    );
    await saveCounts(tx, notification.id, previewOf(members));
    const pending = await pendingMailIds(tx, notification.id);
    for (let i = 0; i < pending.length; i += mail.batchSize) {
      await jobs.send(mailQueue, { mailIds: pending.slice(i, i + mail.batchSize) }, { tx });
    }
    // Nothing to mail: done once the bell entries exist.
    await finishNotifications(tx, [notification.id]);
    return pending.length > 0;
  });
  if (queued) jobs.wake(mailQueue);
}

/**
 * Sends one batch over one SMTP session. Each mail is claimed just before it
 * is sent and marked right after, so a retry sends only those still waiting
 * and a mail is "sending" only while it really is; a mail refused for good is
 * not tried again; the job fails (and is retried with backoff) while some wait.
 */
async function sendBatch(
  { db, mailer, mail, log, clock, additions }: NotificationDeps,
  mailIds: number[],
  context: JobContext,
) {
  const notificationIds = await notificationsOfMails(db, mailIds);
  const additionsOf = (ids: number[]) =>
    additionsFor(additions, db, ids, { now: clock(), publicUrl: mail.publicUrl });
  if (!mailer.delivers) {
    const claimed = await claimMails(db, mailIds);
    const added = await additionsOf(claimed.map((row) => row.id));
    await keepMails(
      db,
      claimed.map((row) => row.id),
      claimed.flatMap((row) =>
        added.has(row.id) ? [{ id: row.id, body: withAddition(row.body, added.get(row.id)) }] : [],
      ),
    );
    await finishNotifications(db, notificationIds);
    return { kept: claimed.length };
  }

  const waiting: { id: number; error: string }[] = [];
  let sent = 0;
  await mailer.session(async (send) => {
    let broken: string | null = null;
    for (const id of mailIds) {
      if (broken || context.signal.aborted) {
        // Not claimed: it stays waiting for the retry.
        waiting.push({ id, error: broken ?? m.stopped });
        continue;
      }
      const [row] = await claimMails(db, [id]);
      if (!row) continue;
      let text: string;
      try {
        text = withAddition(row.body, (await additionsOf([row.id])).get(row.id));
      } catch (error) {
        // Nothing went out: the mail waits for the retry, its error kept without the query's values.
        const kept = loggableError(error);
        const message = 'message' in kept ? kept.message : kept.type;
        await markMails(db, [row.id], { status: 'pending', error: message });
        waiting.push({ id, error: message });
        continue;
      }
      const outgoing: OutgoingMail = { to: row.toAddress, subject: row.subject, text };
      const result = await send(outgoing);
      if (result.status === 'sent') {
        await markMails(db, [row.id], result);
        sent += 1;
      } else if (result.status === 'rejected') {
        await markMails(db, [row.id], { status: 'failed', error: result.error });
      } else {
        await markMails(db, [row.id], { status: 'pending', error: result.error });
        waiting.push({ id, error: result.error });
        if (connectionErrors.test(result.error)) broken = result.error;
      }
    }
  });

  const firstError = waiting[0]?.error ?? '';
  if (waiting.length && context.finalAttempt) {
    await failWaitingMails(
      db,
      waiting.map((item) => item.id),
      format(m.gaveUp, { n: context.attempt, error: firstError }),
    );
  }
  await finishNotifications(db, notificationIds);
  if (waiting.length && !context.finalAttempt) {
    log.warn({ waiting: waiting.length, sent }, 'mail batch incomplete, will retry');
    throw new Error(
      format(m.batchWaiting, { n: waiting.length, total: mailIds.length, error: firstError }),
    );
  }
  return { sent };
}

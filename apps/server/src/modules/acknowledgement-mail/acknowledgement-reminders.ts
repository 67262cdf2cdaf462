import { courseDateTime, format, postUrl, sv, urlPrefixByType } from '@skolportalen/shared';
import { sql } from 'drizzle-orm';
import type { MailConfig } from '../../config';
import type { Database, Executor } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import type { JobService } from '../../jobs/job-service';
import { awaitedAcknowledgers } from '../acknowledgements/acknowledgement-report.repo';
import { queueMailRows, wakeMail } from '../notifications/mail-outbox';
import { mailText, type MailLanguage } from '../notifications/notification-jobs';

const m = sv.acknowledgementLinks.mail;
export const reminderQueue = 'acknowledgement.reminders';

export interface ReminderDeps {
  db: Database;
  jobs: JobService;
  mail: MailConfig;
  /** The notice in each reader's language above the Swedish reminder (issue 27). */
  mailLanguage?: MailLanguage;
}

interface DueSlot {
  postId: number;
  type: Parameters<typeof postUrl>[0];
  slug: string;
  title: string;
  acknowledgeBy: Date;
  slotAt: Date;
}

/**
 * The must-read posts with a reminder due: published, a deadline still ahead,
 * and one of their reminder times (the deadline less each of
 * `reminder_hours_before`) come — the latest of them, so a portal that was
 * down over several sends one reminder, not a pile. A time before the post
 * was published is none (its notification has just gone out), and a time
 * already handled for the post is skipped, so a reader who becomes pending
 * later waits for the next time.
 */
async function dueSlots(db: Executor, now: Date): Promise<DueSlot[]> {
  const at = now.toISOString();
  const rows = await rowsOf<{
    id: number;
    type: DueSlot['type'];
    slug: string;
    title: string;
    acknowledge_by: string | Date;
    slot_at: string | Date;
  }>(
    db,
    sql`select p.id, p.type, p.slug, p.title, p.acknowledge_by, s.slot_at
      from posts p
      cross join lateral (
        select max(p.acknowledge_by - make_interval(hours => h)) as slot_at
        from unnest(p.reminder_hours_before) h
        where p.acknowledge_by - make_interval(hours => h) <= ${at}::timestamptz
          and p.acknowledge_by - make_interval(hours => h) > coalesce(p.published_date, p.created_at)
      ) s
      where p.status = 'publish' and p.requires_acknowledgement
        and p.acknowledge_by > ${at}::timestamptz
        and s.slot_at is not null
        and not exists (select 1 from post_acknowledgement_reminders r
          where r.post_id = p.id and r.slot_at = s.slot_at)
      order by p.acknowledge_by, p.id`,
  );
  return rows.map((row) => ({
    postId: Number(row.id),
    type: row.type,
    slug: row.slug,
    title: row.title,
    acknowledgeBy: new Date(row.acknowledge_by),
    slotAt: new Date(row.slot_at),
  }));
}

/** Of the people, those a reminder can reach: enabled, with an address, mail not turned off. */
async function mailable(db: Executor, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  const rows = await rowsOf<{ id: number; email: string; language: string }>(
    db,
    sql`select u.id, trim(u.email) as email, u.preferred_language as language from users u
      left join notification_settings s on s.user_id = u.id
      where u.id in (${sql.join(
        userIds.map((id) => sql`${id}`),
        sql`, `,
      )})
        and u.disabled_at is null and nullif(trim(u.email), '') is not null
        and coalesce(s.email, true)
      order by u.id`,
  );
  return rows.map((row) => ({ userId: Number(row.id), email: row.email, language: row.language }));
}

/**
 * One reminder time of one post: those still to confirm (for a child, per
 * the post's rule — every guardian, or any one) who can be mailed are
 * written down for the time and mailed, in one transaction, so a time is
 * never reminded twice: a run that finds someone written down already (an
 * earlier run, another instance at once) leaves them. Each mail gets its
 * one-click link as it is sent (acknowledgement-link-mail.ts).
 */
async function remindSlot(
  { jobs, mail, mailLanguage }: ReminderDeps,
  tx: Executor,
  slot: DueSlot,
  now: Date,
): Promise<number> {
  const people = await mailable(tx, await awaitedAcknowledgers(tx, slot.postId, now));
  if (people.length === 0) return 0;
  const written = await rowsOf<{ user_id: number }>(
    tx,
    sql`insert into post_acknowledgement_reminders (post_id, user_id, slot_at, sent_at)
      select ${slot.postId}, id, ${slot.slotAt.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      from unnest(array[${sql.join(
        people.map((person) => sql`${person.userId}`),
        sql`, `,
      )}]::int[]) as id
      on conflict do nothing returning user_id`,
  );
  const reminded = new Set(written.map((row) => Number(row.user_id)));
  const recipients = people.filter((person) => reminded.has(person.userId));
  if (recipients.length === 0) return 0;
  const path = postUrl(slot.type, slot.slug, urlPrefixByType) ?? '/';
  const swedish = {
    subject: format(m.reminderSubject, { title: slot.title }),
    text: format(m.reminder, {
      title: slot.title,
      date: courseDateTime(slot.acknowledgeBy),
      url: `${mail.publicUrl}${path}`,
    }),
  };
  // The notice in the reader's language where it has a translation, the Swedish reminder below.
  const byLanguage = new Map<string, { subject: string; text: string }>();
  for (const language of new Set(recipients.map((person) => person.language))) {
    const translated = await mailLanguage?.mailIn(tx, slot.postId, language, swedish);
    if (translated) byLanguage.set(language, translated);
  }
  const mailIds = await queueMailRows(
    tx,
    jobs,
    recipients.map((person) => {
      const { subject, text } = byLanguage.get(person.language) ?? swedish;
      return { to: person.email, subject, text: mailText(text, mail) };
    }),
    mail.batchSize,
  );
  await tx.execute(
    sql`update post_acknowledgement_reminders r set mail_id = x.mail_id
      from unnest(array[${sql.join(
        recipients.map((person) => sql`${person.userId}`),
        sql`, `,
      )}]::int[], array[${sql.join(
        mailIds.map((id) => sql`${id}`),
        sql`, `,
      )}]::int[]) as x(user_id, mail_id)
      where r.post_id = ${slot.postId} and r.slot_at = ${slot.slotAt.toISOString()}::timestamptz
        and r.user_id = x.user_id`,
  );
  return recipients.length;
}

/** One run of the reminder job: every due time of every post, each in its own transaction. */
export async function sendDueReminders(deps: ReminderDeps, now: Date) {
  let reminded = 0;
  const slots = await dueSlots(deps.db, now);
  for (const slot of slots) {
    reminded += await deps.db.transaction((tx) => remindSlot(deps, tx, slot, now));
  }
  if (reminded > 0) wakeMail(deps.jobs);
  return { posts: slots.length, reminded };
}

/**
 * Reminds those who have not confirmed a must-read post at the times its
 * editor chose, every five minutes across all instances (once per run: the
 * job's schedule), so a time is reminded within minutes of coming.
 */
export function registerAcknowledgementReminders(deps: ReminderDeps & { clock: () => Date }) {
  deps.jobs.define({
    name: reminderQueue,
    // The next run is the retry.
    retryLimit: 0,
    backoff: false,
    expireInSeconds: 5 * 60,
    handler: () => sendDueReminders(deps, deps.clock()),
  });
  deps.jobs.schedule(reminderQueue, '*/5 * * * *');
}

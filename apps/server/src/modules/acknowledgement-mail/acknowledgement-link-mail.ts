import { courseDateTime, format, sv } from '@skolportalen/shared';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import { expectedAcknowledgers } from '../audience/post-reach';
import type { MailAddition } from '../notifications/mail-additions';
import { issueLinks, type LinkReader } from './acknowledgement-links.repo';

const m = sv.acknowledgementLinks.mail;

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The address of a link's page in the web app. */
export function linkPageUrl(publicUrl: string, secret: string) {
  return `${publicUrl.replace(/\/+$/, '')}/bekrafta/${secret}`;
}

interface MailReader extends LinkReader {
  mailId: number;
  firstName: string;
  acknowledgeBy: Date | null;
  /** Mailed as one of a post's notification's audience, or reminded. */
  through: 'notification' | 'reminder';
}

/**
 * The readers each mail asks to confirm a must-read post still asking: the
 * recipients of its notification's mail (one mail per address may reach
 * several accounts), or the one a reminder is for.
 */
async function readersOfMails(db: Executor, mailIds: readonly number[]): Promise<MailReader[]> {
  const rows = await rowsOf<{
    mail_id: number;
    post_id: number;
    user_id: number;
    first_name: string;
    acknowledge_by: string | Date | null;
    through: 'notification' | 'reminder';
  }>(
    db,
    sql`select x.mail_id, x.post_id, x.user_id, u.first_name, p.acknowledge_by, x.through
      from (
        select r.mail_id, n.post_id, r.user_id, 'notification' as through
          from notification_recipients r join notifications n on n.id = r.notification_id
          where r.mail_id in (${idList(mailIds)}) and n.post_id is not null
        union all
        select pr.mail_id, pr.post_id, pr.user_id, 'reminder'
          from post_acknowledgement_reminders pr where pr.mail_id in (${idList(mailIds)})
      ) x
      join posts p on p.id = x.post_id
      join users u on u.id = x.user_id
      where p.requires_acknowledgement and p.status = 'publish' and u.disabled_at is null
      order by x.mail_id, x.user_id`,
  );
  return rows.map((row) => ({
    mailId: Number(row.mail_id),
    postId: Number(row.post_id),
    userId: Number(row.user_id),
    firstName: row.first_name,
    acknowledgeBy: row.acknowledge_by === null ? null : new Date(row.acknowledge_by),
    through: row.through,
  }));
}

/** Of the readers, those the post asks to confirm (decision 0040's audience), per post. */
async function askedOf(db: Executor, readers: readonly MailReader[]) {
  const byPost = new Map<number, number[]>();
  for (const reader of readers) {
    byPost.set(reader.postId, [...(byPost.get(reader.postId) ?? []), reader.userId]);
  }
  const asked = new Set<string>();
  for (const [postId, userIds] of byPost) {
    const rows = await rowsOf<{ user_id: number }>(
      db,
      sql`with recursive ${expectedAcknowledgers(postId)}
        select distinct user_id from expected where user_id in (${idList(userIds)})`,
    );
    for (const row of rows) asked.add(`${postId}:${Number(row.user_id)}`);
  }
  return asked;
}

/**
 * The one-click link of must-read mail (decision 0040), made as each mail
 * goes out: for a must-read post's notification, a link for every account
 * the mail reaches that the post asks to confirm; for a reminder, its
 * reader's. The secret exists only in the mail.
 */
export const acknowledgementLinkMail: MailAddition = {
  async forMails(db: Database, mailIds, { now, publicUrl }) {
    const texts = new Map<number, string>();
    const readers = await readersOfMails(db, mailIds);
    if (readers.length === 0) return texts;
    // A reminder is made only for a reader the post asks; a notification reaches its whole audience.
    const asked = await askedOf(
      db,
      readers.filter((reader) => reader.through === 'notification'),
    );
    const linked = readers.filter(
      (reader) => reader.through === 'reminder' || asked.has(`${reader.postId}:${reader.userId}`),
    );
    const issued = await issueLinks(db, linked, now);
    const byMail = new Map<number, { reader: MailReader; url: string }[]>();
    linked.forEach((reader, index) => {
      const url = linkPageUrl(publicUrl, issued[index]!.secret);
      byMail.set(reader.mailId, [...(byMail.get(reader.mailId) ?? []), { reader, url }]);
    });
    for (const [mailId, links] of byMail) {
      const deadline = links[0]!.reader.acknowledgeBy;
      const intro = deadline
        ? format(m.linkWithDeadline, { date: courseDateTime(deadline) })
        : m.link;
      // Several accounts of one address: each named, as the mail goes to their own address.
      const lines =
        links.length === 1
          ? [links[0]!.url]
          : links.map(({ reader, url }) => format(m.linkFor, { name: reader.firstName, url }));
      texts.set(mailId, [intro, ...lines].join('\n'));
    }
    return texts;
  },
};

import type { Executor } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { JobService } from '../../jobs/job-service';
import type { OutgoingMail } from '../../mail/mailer';
import { mailQueue } from './notification-jobs';

/**
 * Mail that belongs to no notification (a course's confirmation, a place
 * from the reserve list, an organiser's message): written to the outbox and
 * handed to the mail job in the caller's transaction, so it goes out exactly
 * when the change that caused it commits. Call `jobs.wake(mailQueue)` after
 * the commit to send at once.
 */
export async function queueMails(
  tx: Executor,
  jobs: JobService,
  mails: readonly OutgoingMail[],
  batchSize: number,
): Promise<number> {
  return (await queueMailRows(tx, jobs, mails, batchSize)).length;
}

/** As `queueMails`, answering the outbox ids in the order of the mails. */
export async function queueMailRows(
  tx: Executor,
  jobs: JobService,
  mails: readonly OutgoingMail[],
  batchSize: number,
): Promise<number[]> {
  if (mails.length === 0) return [];
  const rows = await tx
    .insert(mailOutbox)
    .values(mails.map((mail) => ({ toAddress: mail.to, subject: mail.subject, body: mail.text })))
    .returning({ id: mailOutbox.id });
  // Ids are drawn in the order of the rows.
  const ids = rows.map((row) => row.id).sort((a, b) => a - b);
  for (let i = 0; i < ids.length; i += batchSize) {
    await jobs.send(mailQueue, { mailIds: ids.slice(i, i + batchSize) }, { tx });
  }
  return ids;
}

export function wakeMail(jobs: JobService) {
  jobs.wake(mailQueue);
}

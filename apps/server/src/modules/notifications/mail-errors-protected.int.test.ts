import {
  sv,
  type JobDetailResponse,
  type JobResponse,
  type SendNotificationResponse,
} from '@skolportalen/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, waitFor, type TestContext } from '../../../test/harness';
import {
  buildOnlookers,
  buildProtectedCast,
  clientsOf,
  expectNoTraceIn,
  expectNoTraceOf,
  type Onlookers,
  type ProtectedCast,
} from '../../../test/protected-people';
import { startSmtpInbox, type SmtpInbox } from '../../../test/smtp-inbox';
import { jobAttempts, mailOutbox, notifications } from '../../db/schema';

/**
 * A mail server's answer quotes the recipient's address ("550 5.1.1
 * <…>: Recipient address rejected"). Kept as the outbox's error, the mail
 * job's error and the log, it is read by administrators who may not see a
 * protected recipient (decision 0039), and a batch's error quotes the answer
 * about another mail than its own: every such text is kept without the
 * recipient's address.
 */
let t: TestContext;
let inbox: SmtpInbox;
let cast: ProtectedCast;
let onlookers: Onlookers;
let notificationId: number;
let call: Awaited<ReturnType<typeof clientsOf<string>>>;
const portal = '/api/portal-service/v1';

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ demo: false, env: { SMTP_URL: inbox.url } });
  cast = await buildProtectedCast(t);
  onlookers = await buildOnlookers(t, cast);
  call = await clientsOf(t, {
    admin: onlookers.admin,
    adminWithoutRight: onlookers.adminWithoutTheRight,
  });
  // The pupil's mailbox does not exist; the teacher's server asks to try again later.
  inbox.reject.add(cast.protectedPupil.email!.toLowerCase());
  inbox.deferOnce.add(cast.markedTeacher.email!.toLowerCase());
  const response = await call.admin!('POST', `${portal}/notification/send`, {
    subject: 'Utvecklingssamtal',
    text: 'Boka en tid.',
    audience: { nodeIds: [cast.klass.id], userIds: [cast.markedTeacher.id] },
  });
  expect(response.statusCode, response.body).toBe(202);
  notificationId = (response.json() as SendNotificationResponse).notification!.id;
  await waitFor(
    async () =>
      (
        await t.db
          .select({ state: notifications.state })
          .from(notifications)
          .where(eq(notifications.id, notificationId))
      )[0]?.state === 'sent',
    { what: 'the notification to be sent' },
  );
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

const protectedPeople = () => [cast.protectedPupil, cast.markedTeacher];

async function mailJob() {
  const list = await call.adminWithoutRight!('GET', '/api/intranet-jobs/v1/job?name[]=mail.send');
  expect(list.statusCode, list.body).toBe(200);
  const [job] = list.json() as JobResponse[];
  return job!;
}

describe('a mail server’s answer about a protected recipient', () => {
  it('is kept without the recipient’s address in the outbox and the mail job', async () => {
    const mails = await t.db
      .select({ error: mailOutbox.lastError })
      .from(mailOutbox)
      .where(eq(mailOutbox.notificationId, notificationId));
    const job = await mailJob();
    await waitFor(async () => (await mailJob()).attempts === 2, {
      what: 'the mail job to be tried again',
    });
    const attempts = await t.db
      .select({ error: jobAttempts.error })
      .from(jobAttempts)
      .where(inArray(jobAttempts.jobId, [job.id]));
    const kept = [...mails, ...attempts].map((row) => row.error ?? '').join('\n');
    // The answers are there, without whom they were about.
    expect(kept).toContain(`550 5.1.1 <${sv.notifications.mail.recipient}>`);
    expect(kept).toContain(`451 4.2.0 <${sv.notifications.mail.recipient}>`);
    expectNoTraceIn(kept, protectedPeople(), 'the kept answers');
  });

  it('is not read in the jobs, the outbox or the recipient list by an administrator without the right', async () => {
    const job = await mailJob();
    const detail = await call.adminWithoutRight!('GET', `/api/intranet-jobs/v1/job/${job.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect((detail.json() as JobDetailResponse).attemptHistory[0]!.error).toMatch(
      /1 av \d+ brev väntar på nytt försök: .*451/,
    );
    for (const url of [
      '/api/intranet-jobs/v1/job?name[]=mail.send',
      `/api/intranet-jobs/v1/job/${job.id}`,
      `${portal}/notification/outbox?notificationId=${notificationId}`,
      `${portal}/notification/history/${notificationId}/recipient`,
    ]) {
      const response = await call.adminWithoutRight!('GET', url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      expectNoTraceOf(response, protectedPeople(), url);
    }
  });

  it('is read, without the address, by an administrator with the right', async () => {
    const response = await call.admin!(
      'GET',
      `${portal}/notification/outbox?notificationId=${notificationId}&status[]=failed`,
    );
    expect(response.json()).toMatchObject([
      {
        to: cast.protectedPupil.email,
        lastError: expect.stringContaining(`<${sv.notifications.mail.recipient}>`),
      },
    ]);
  });
});

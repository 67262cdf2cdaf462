import type {
  JobDetailResponse,
  JobResponse,
  NotificationRecipientResponse,
  SendNotificationResponse,
  SentNotificationResponse,
} from '@skolportalen/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn } from '../../../test/factories';
import { createTestApp, waitFor, type TestContext } from '../../../test/harness';
import { startSmtpInbox, type SmtpInbox } from '../../../test/smtp-inbox';
import { mailOutbox, notifications } from '../../db/schema';
import { fanOutQueue } from './notification-jobs';
import { buildClassWithGuardians } from './notification-test-helpers';

/**
 * Notifications mailed through a real SMTP server (`smtp-server` on a local
 * port): the right recipients, one mail per address, none twice after a retry.
 */
let t: TestContext;
let inbox: SmtpInbox;
let admin: string;
let fixture: Awaited<ReturnType<typeof buildClassWithGuardians>>;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({
    demo: false,
    env: {
      SMTP_URL: inbox.url,
      MAIL_BATCH_SIZE: '2',
      PUBLIC_URL: 'https://skolportal.exempelby.se',
    },
  });
  fixture = await buildClassWithGuardians(t);
  admin = await signIn(
    t.app,
    await buildUser(t, { role: 'role_admin', firstName: 'Eva', lastName: 'Andersson' }),
  );
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

const send = (body: object, cookie: string | undefined = admin) =>
  t.app.inject({
    method: 'POST',
    url: '/api/portal-service/v1/notification/send',
    headers: cookie ? { cookie } : {},
    payload: body,
  });
const classGuardians = () => ({
  nodeIds: [fixture.classId],
  categoryIds: [fixture.caretakerCategoryId],
});

async function sendAndWait(subject: string, audience: object = classGuardians()) {
  const response = await send({ subject, text: 'Hej!\nVälkomna på utflykt på fredag.', audience });
  expect(response.statusCode, response.body).toBe(202);
  const { notification } = response.json() as SendNotificationResponse;
  await waitFor(
    async () => {
      const [row] = await t.db
        .select({ state: notifications.state })
        .from(notifications)
        .where(eq(notifications.id, notification!.id));
      return row?.state === 'sent';
    },
    { what: `notification "${subject}" to be sent` },
  );
  return notification!;
}

const received = (subject: string) =>
  inbox.messages.filter((message) => message.subject === subject);

async function recipientsOf(id: number) {
  const response = await t.app.inject({
    url: `/api/portal-service/v1/notification/history/${id}/recipient`,
    headers: { cookie: admin },
  });
  expect(response.statusCode).toBe(200);
  return Object.fromEntries(
    (response.json() as NotificationRecipientResponse[]).map((row) => [row.user.username, row]),
  );
}

describe('POST /api/portal-service/v1/notification/send', () => {
  it('climbs 401 → 400 → 403, and a dry run counts without writing anything', async () => {
    const body = { subject: 'Prov', text: 'Text', audience: classGuardians(), dryRun: true };
    expect((await send(body, '')).statusCode).toBe(401);

    const empty = await send({ subject: ' ', text: '', audience: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'subject', message: 'Fältet måste vara ifyllt' },
        { field: 'text', message: 'Fältet måste vara ifyllt' },
        { field: 'audience', message: 'Välj minst en grupp, roll eller person.' },
      ]),
    );
    const tooLong = await send({ ...body, subject: 'x'.repeat(201) });
    expect(tooLong.json().errors).toEqual([
      { field: 'subject', message: 'Fältet får innehålla max 200 tecken' },
    ]);
    const unknown = await send({ ...body, audience: { nodeIds: [999_999], userIds: [999_998] } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      { field: 'audience.nodeIds', message: 'Någon av de valda grupperna finns inte.' },
      { field: 'audience.userIds', message: 'Någon av de valda personerna finns inte.' },
    ]);

    // A teacher; a principal who holds send_notification but is no administrator.
    const principal = await buildUser(t, { role: 'role_school_responsible' });
    for (const user of [fixture.people.anna, principal]) {
      expect((await send(body, await signIn(t.app, user))).statusCode).toBe(403);
    }

    const preview = await send(body);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({
      preview: { recipientCount: 4, mailCount: 2, noEmailCount: 1, optedOutCount: 1 },
      notification: null,
    });
    const [written] = await t.db.select({ value: count() }).from(notifications);
    expect(written!.value).toBe(0);
  });

  it('refuses an audience that reaches nobody', async () => {
    const response = await send({
      subject: 'Tomt',
      text: 'Ingen',
      audience: { nodeIds: [fixture.classId], categoryIds: [999_999] },
    });
    expect(response.statusCode).toBe(400);
    const nobody = await send({
      subject: 'Tomt',
      text: 'Ingen',
      audience: { userIds: [fixture.ids.pupil], categoryIds: [] },
      dryRun: true,
    });
    expect(nobody.json().preview.recipientCount).toBe(1);
  });

  it('mails each guardian of the class once, over SMTP, and records every recipient', async () => {
    const subject = 'Utflykt på fredag – ta med matsäck';
    const notification = await sendAndWait(subject);
    const mails = received(subject);
    expect(mails.map((mail) => mail.to).sort()).toEqual([
      ['karin.nilsson@example.org'],
      ['test.guardian@example.org'],
    ]);
    expect(mails[0]!.text).toContain('Välkomna på utflykt på fredag.');
    expect(mails[0]!.text).toContain('https://skolportal.exempelby.se/profile/info');
    expect(mails[0]!.headers.get('auto-submitted')).toBe('auto-generated');
    expect(mails[0]!.from).toBe('noreply@skolportal.exempelby.se');

    const recipients = await recipientsOf(notification.id);
    expect(Object.keys(recipients).sort()).toEqual([
      'karin.nilsson',
      'test.guardian',
      'test.noaddress',
      'test.optedout',
    ]);
    expect(recipients['karin.nilsson']).toMatchObject({ delivery: 'sent', readState: 'unread' });
    expect(recipients['test.guardian']!.address).toBe('Test.Guardian@Example.org');
    expect(recipients['test.noaddress']!.delivery).toBe('no_email');
    expect(recipients['test.optedout']!.delivery).toBe('opted_out');

    const history = await t.app.inject({
      url: '/api/portal-service/v1/notification/history',
      headers: { cookie: admin },
    });
    const [latest] = history.json() as SentNotificationResponse[];
    expect(latest).toMatchObject({
      subject,
      state: 'sent',
      source: 'manual',
      createdBy: { name: 'Eva Andersson' },
      audience: { groups: [{ name: '3A' }], categories: [{ name: 'Vårdnadshavare' }] },
      counts: { recipients: 4, mails: 2, sent: 2, kept: 0, failed: 0, noEmail: 1, optedOut: 1 },
    });
  });

  it('after a refused recipient forces a retry, nobody gets the mail twice', async () => {
    inbox.deferOnce.add('test.guardian@example.org');
    const subject = 'Föräldramöte i 3A';
    const notification = await sendAndWait(subject);
    expect(
      received(subject)
        .map((mail) => mail.to[0])
        .sort(),
    ).toEqual(['karin.nilsson@example.org', 'test.guardian@example.org']);

    const batches = await t.app.inject({
      url: '/api/intranet-jobs/v1/job?name[]=mail.send&sort=createdAt%20DESC&perPage=1',
      headers: { cookie: admin },
    });
    const [batch] = batches.json() as JobResponse[];
    const readJob = async () =>
      (
        await t.app.inject({
          url: `/api/intranet-jobs/v1/job/${batch!.id}`,
          headers: { cookie: admin },
        })
      ).json() as JobDetailResponse;
    // The notification is marked sent inside the job; the queue records the job's
    // completion only after the handler returns, a moment later.
    await waitFor(async () => (await readJob()).state === 'completed', {
      what: 'the mail batch job to complete',
    });
    const job = await readJob();
    expect(job.attempts).toBe(2);
    expect(job.attemptHistory[0]!.error).toMatch(/1 av 2 brev väntar på nytt försök: .*451/);
    expect(job.attemptHistory[1]!.error).toBeNull();

    // The fan-out run again, as by a duplicated job: the outbox's unique key stops a second mail.
    const before = await t.db
      .select({ value: count() })
      .from(mailOutbox)
      .where(eq(mailOutbox.notificationId, notification.id));
    await t.db
      .update(notifications)
      .set({ state: 'queued' })
      .where(eq(notifications.id, notification.id));
    const again = (await t.app.jobs.send(fanOutQueue, { notificationId: notification.id }))!;
    await waitFor(
      async () =>
        (
          await t.app.inject({
            url: `/api/intranet-jobs/v1/job/${again}`,
            headers: { cookie: admin },
          })
        ).json().state === 'completed',
      { what: 'the repeated fan-out' },
    );
    const after = await t.db
      .select({ value: count() })
      .from(mailOutbox)
      .where(eq(mailOutbox.notificationId, notification.id));
    expect(after[0]!.value).toBe(before[0]!.value);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(received(subject)).toHaveLength(2);
  });

  it('a mailbox that does not exist fails that mail for good, without retrying the rest', async () => {
    inbox.reject.add('test.guardian@example.org');
    const subject = 'Skolfoto på måndag';
    const notification = await sendAndWait(subject);
    inbox.reject.clear();
    expect(received(subject).map((mail) => mail.to[0])).toEqual(['karin.nilsson@example.org']);
    const recipients = await recipientsOf(notification.id);
    expect(recipients['test.guardian']!.delivery).toBe('failed');
    expect(recipients['test.guardian']!.error).toMatch(/550/);
    const outbox = await t.app.inject({
      url: `/api/portal-service/v1/notification/outbox?notificationId=${notification.id}&status[]=failed`,
      headers: { cookie: admin },
    });
    expect(outbox.json()).toMatchObject([{ to: 'Test.Guardian@Example.org', attempts: 1 }]);
  });

  it('a guardian who turns mail off in the profile gets the notification in the portal only', async () => {
    const karin = await signIn(t.app, fixture.people.karin);
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/portal-service/v1/user/notification-settings',
      headers: { cookie: karin },
      payload: { email: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ email: false, address: 'karin.nilsson@example.org' });
    const subject = 'Studiedag';
    const notification = await sendAndWait(subject);
    expect(received(subject).map((mail) => mail.to[0])).toEqual(['test.guardian@example.org']);
    expect((await recipientsOf(notification.id))['karin.nilsson']!.delivery).toBe('opted_out');
    const bell = await t.app.inject({
      url: '/api/portal-service/v1/notification?unread=true',
      headers: { cookie: karin },
    });
    expect(bell.json().map((item: { subject: string }) => item.subject)).toContain(subject);
    await t.app.inject({
      method: 'PUT',
      url: '/api/portal-service/v1/user/notification-settings',
      headers: { cookie: karin },
      payload: { email: true },
    });
  });
});

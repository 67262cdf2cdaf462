import type {
  MyNotificationResponse,
  OutboxMailResponse,
  SendNotificationResponse,
} from '@skolportalen/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSchool, buildUser, signIn, type TestUser } from '../../../test/factories';
import { cookieHeaderFrom, createTestApp, waitFor, type TestContext } from '../../../test/harness';
import { mailOutbox, notifications } from '../../db/schema';
import { buildClassWithGuardians } from './notification-test-helpers';

/**
 * Without SMTP (the embedded default) mail is kept in the outbox; every
 * recipient finds the notification under the bell and marks it read.
 */
let t: TestContext;
let admin: string;
let fixture: Awaited<ReturnType<typeof buildClassWithGuardians>>;
/** A guardian without an address, of a pupil at another school; a communicator of the administration. */
let mikael: TestUser;
let sara: TestUser;

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  fixture = await buildClassWithGuardians(t);
  const maja = await buildUser(t, { role: 'role_student', school: await buildSchool(t) });
  mikael = await buildUser(t, { role: 'role_caretaker', email: null, guardianOf: [maja] });
  sara = await buildUser(t, { role: 'role_employee', firstName: 'Sara', lastName: 'Ekström' });
  admin = await signIn(t.app, await buildUser(t, { role: 'role_admin' }));
});
afterAll(() => t.close());

const portal = '/api/portal-service/v1';
const send = (body: object) =>
  t.app.inject({
    method: 'POST',
    url: `${portal}/notification/send`,
    headers: { cookie: admin },
    payload: body,
  });

async function sendAndWait(subject: string, audience: object) {
  const response = await send({ subject, text: `Text om ${subject}`, audience });
  expect(response.statusCode, response.body).toBe(202);
  const id = (response.json() as SendNotificationResponse).notification!.id;
  await waitFor(
    async () =>
      (
        await t.db
          .select({ state: notifications.state })
          .from(notifications)
          .where(eq(notifications.id, id))
      )[0]?.state === 'sent',
    { what: subject },
  );
  return id;
}

const preview = async (audience: object) =>
  (await send({ subject: 'Räkna', text: 'Räkna', audience, dryRun: true })).json().preview
    .recipientCount as number;

const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });
const setStatus = (cookie: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `${portal}/user/SetNotificationStatus`,
    headers: { cookie },
    payload,
  });

describe('who an audience reaches', () => {
  it('groups alone: their members; with a role: the members holding it, guardians through their children', async () => {
    // 3A: Anna (teacher), Elsa and the test pupil, and the pupils' four guardians.
    expect(await preview({ nodeIds: [fixture.classId] })).toBe(7);
    expect(
      await preview({ nodeIds: [fixture.classId], categoryIds: [fixture.studentCategoryId] }),
    ).toBe(2);
    expect(
      await preview({ nodeIds: [fixture.classId], categoryIds: [fixture.caretakerCategoryId] }),
    ).toBe(4);
    // The school and the groups below it: Karin, Anna's guardian account (Olle in 5A) and the test guardians.
    expect(
      await preview({ nodeIds: [fixture.schoolId], categoryIds: [fixture.caretakerCategoryId] }),
    ).toBe(5);
    // A role alone reaches everyone holding it: Karin, Anna's guardian account, Mikael and the test's three.
    expect(await preview({ categoryIds: [fixture.caretakerCategoryId] })).toBe(6);
    expect(await preview({ nodeIds: [fixture.classId], userIds: [sara.id] })).toBe(8);
    // The municipality node stands for everyone.
    expect(await preview({ nodeIds: [1], categoryIds: [fixture.caretakerCategoryId] })).toBe(6);
  });
});

describe('the outbox, with no SMTP server', () => {
  it('keeps one mail per address for an administrator to read', async () => {
    const id = await sendAndWait('Lucia i aulan', {
      nodeIds: [fixture.classId],
      categoryIds: [fixture.caretakerCategoryId],
    });
    const outbox = await get(`${portal}/notification/outbox?notificationId=${id}`, admin);
    expect(outbox.statusCode).toBe(200);
    expect(outbox.headers['x-pagination-total']).toBe('2');
    const mails = outbox.json() as OutboxMailResponse[];
    expect(mails.map((mail) => [mail.to, mail.status]).sort()).toEqual([
      ['Test.Guardian@Example.org', 'kept'],
      ['karin.nilsson@example.org', 'kept'],
    ]);
    expect(mails[0]!.text).toContain('Text om Lucia i aulan');
    expect(mails[0]!.text).toContain('/profile/info');
    expect((await get(`${portal}/notification/outbox/info`, admin)).json()).toMatchObject({
      delivers: false,
    });
    const filtered = await get(`${portal}/notification/outbox?status[]=sent`, admin);
    expect(filtered.json()).toEqual([]);
    const badFilter = await get(`${portal}/notification/outbox?status[]=borta`, admin);
    expect(badFilter.statusCode).toBe(400);
    const teacher = await signIn(t.app, fixture.people.anna);
    expect((await get(`${portal}/notification/outbox`, teacher)).statusCode).toBe(403);
    expect((await get(`${portal}/notification/history`, teacher)).statusCode).toBe(403);
  });
});

describe('a mail left "sending" by a stopped server', () => {
  it('is failed by the sweep and never sent again, and its notification finishes', async () => {
    const [notification] = await t.db
      .insert(notifications)
      .values({
        subject: 'Avbruten',
        body: 'Text',
        source: 'manual',
        audience: { nodeIds: [], categoryIds: [], userIds: [] },
        state: 'sending',
        createdBy: null,
      })
      .returning();
    const [mail] = await t.db
      .insert(mailOutbox)
      .values({
        notificationId: notification!.id,
        toAddress: 'someone@example.org',
        subject: 'Avbruten',
        body: 'Text',
        status: 'sending',
        attempts: 1,
        claimedAt: new Date(Date.now() - 11 * 60_000),
      })
      .returning();
    await t.app.jobs.send('mail.sweep', {});
    const swept = await waitFor(
      async () => {
        const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail!.id));
        return row?.status === 'failed' ? row : undefined;
      },
      { what: 'the sweep' },
    );
    expect(swept.lastError).toBe(
      'Avbröts medan brevet skickades och skickas inte igen, så att ingen får samma brev två gånger.',
    );
    const [finished] = await t.db
      .select({ state: notifications.state })
      .from(notifications)
      .where(eq(notifications.id, notification!.id));
    expect(finished!.state).toBe('sent');
  });
});

describe('the bell: GET /notification, /notification/date, POST /user/SetNotificationStatus', () => {
  let notificationId: number;
  let karin: string;
  beforeAll(async () => {
    notificationId = await sendAndWait('Ny läsårsplanering', {
      userIds: [fixture.ids.karin],
    });
    karin = await signIn(t.app, fixture.people.karin);
  });

  it('lists the user’s own notifications and counts the unread', async () => {
    expect((await t.app.inject({ url: `${portal}/notification` })).statusCode).toBe(401);
    const list = await get(`${portal}/notification?unread=true`, karin);
    expect(list.statusCode).toBe(200);
    const items = list.json() as MyNotificationResponse[];
    expect(items[0]).toMatchObject({
      id: notificationId,
      subject: 'Ny läsårsplanering',
      readAt: null,
    });
    expect(Number(list.headers['x-pagination-total'])).toBe(items.length);
    const date = (await get(`${portal}/notification/date`, karin)).json();
    expect(date.unreadCount).toBe(items.length);
    expect(date.lastSentAt).not.toBeNull();
    expect(date.lastReadAt).toBeNull();
    // Someone the notification was not for sees nothing of it.
    const saraCookie = await signIn(t.app, sara);
    expect((await get(`${portal}/notification`, saraCookie)).json()).toEqual([]);
    expect((await get(`${portal}/notification/date`, saraCookie)).json()).toEqual({
      lastSentAt: null,
      lastReadAt: null,
      unreadCount: 0,
    });
  });

  it('marks read, unread and dismissed — only the user’s own, all or nothing', async () => {
    expect((await setStatus(karin, { notificationIds: [], status: 'read' })).statusCode).toBe(400);
    expect(
      (await setStatus(karin, { notificationIds: [notificationId], status: 'borta' })).statusCode,
    ).toBe(400);
    const before = (await get(`${portal}/notification/date`, karin)).json();

    const elsa = await signIn(t.app, fixture.people.elsa);
    const foreign = await setStatus(elsa, { notificationIds: [notificationId], status: 'read' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Notisen finns inte bland dina notiser.');
    const mixed = await setStatus(karin, {
      notificationIds: [notificationId, 999_999],
      status: 'read',
    });
    expect(mixed.statusCode).toBe(404);
    expect((await get(`${portal}/notification/date`, karin)).json()).toEqual(before);

    const read = await setStatus(karin, { notificationIds: [notificationId], status: 'read' });
    expect(read.statusCode).toBe(200);
    expect(read.json().unreadCount).toBe(before.unreadCount - 1);
    expect(read.json().lastReadAt).not.toBeNull();
    const unreadOnly = (await get(`${portal}/notification?unread=true`, karin)).json();
    expect(unreadOnly.map((item: { id: number }) => item.id)).not.toContain(notificationId);

    await setStatus(karin, { notificationIds: [notificationId], status: 'dismissed' });
    const all = (await get(`${portal}/notification`, karin)).json();
    expect(all.map((item: { id: number }) => item.id)).not.toContain(notificationId);

    await setStatus(karin, { notificationIds: [notificationId], status: 'unread' });
    const back = (await get(`${portal}/notification?unread=true`, karin)).json();
    expect(back.map((item: { id: number }) => item.id)).toContain(notificationId);
  });
});

describe('the mail setting in the profile', () => {
  it('is the user’s own: read by anyone signed in, changed only when acting as oneself', async () => {
    expect((await t.app.inject({ url: `${portal}/user/notification-settings` })).statusCode).toBe(
      401,
    );
    const mikaelCookie = await signIn(t.app, mikael);
    expect((await get(`${portal}/user/notification-settings`, mikaelCookie)).json()).toEqual({
      email: true,
      address: null,
    });
    const bad = await t.app.inject({
      method: 'PUT',
      url: `${portal}/user/notification-settings`,
      headers: { cookie: mikaelCookie },
      payload: { email: 'nej' },
    });
    expect(bad.statusCode).toBe(400);

    const masked = await t.app.inject({
      method: 'POST',
      url: '/api/core/v1/token',
      headers: { cookie: admin },
      payload: { type: 'masked', userId: fixture.ids.karin },
    });
    const asKarin = cookieHeaderFrom(masked.cookies, admin);
    const refused = await t.app.inject({
      method: 'PUT',
      url: `${portal}/user/notification-settings`,
      headers: { cookie: asKarin },
      payload: { email: false },
    });
    expect(refused.statusCode).toBe(403);
    const karin = await signIn(t.app, fixture.people.karin);
    expect((await get(`${portal}/user/notification-settings`, karin)).json().email).toBe(true);
  });
});

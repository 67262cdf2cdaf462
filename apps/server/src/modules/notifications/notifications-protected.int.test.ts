import {
  protectedIdentityName,
  type NotificationRecipientResponse,
  type OutboxMailResponse,
  type SendNotificationResponse,
  type SentNotificationResponse,
} from '@skolportalen/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, fullName, type TestUser } from '../../../test/factories';
import { createTestApp, waitFor, type TestContext } from '../../../test/harness';
import {
  buildOnlookers,
  buildProtectedCast,
  clientsOf,
  expectNamed,
  expectNoTraceOf,
  type Onlookers,
  type ProtectedCast,
} from '../../../test/protected-people';
import { notifications } from '../../db/schema';

/**
 * Notifications and people with a protected identity (decision 0039): an
 * administrator without view_protected_identity finds them counted but
 * reads "Skyddad identitet" among the chosen recipients, the recipient list
 * and the outbox, with no username or address; one with the right sees all.
 */
let t: TestContext;
let cast: ProtectedCast;
let onlookers: Onlookers;
/** An administrator with a sekretessmarkering of her own, who sends. */
let markedAdmin: TestUser;
let notificationId: number;
let call: Awaited<ReturnType<typeof clientsOf<string>>>;
const portal = '/api/portal-service/v1';

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  cast = await buildProtectedCast(t);
  onlookers = await buildOnlookers(t, cast);
  markedAdmin = await buildUser(t, {
    role: 'role_admin',
    securityMarking: 'Sekretessmarkering',
    firstName: 'Märta',
    lastName: 'Administratörsdotter',
    username: 'marta.sekretess',
  });
  call = await clientsOf(t, {
    classmate: cast.classmate,
    markedAdmin,
    admin: onlookers.admin,
    adminWithoutRight: onlookers.adminWithoutTheRight,
  });
});
afterAll(() => t?.close());

async function sent(id: number) {
  await waitFor(
    async () =>
      (
        await t.db
          .select({ state: notifications.state })
          .from(notifications)
          .where(eq(notifications.id, id))
      )[0]?.state === 'sent',
    { what: `notification ${id}` },
  );
}

describe('a notification reaching people with a protected identity', () => {
  beforeAll(async () => {
    const response = await call.markedAdmin!('POST', `${portal}/notification/send`, {
      subject: 'Utflykt på fredag',
      text: 'Ta med matsäck.',
      audience: { nodeIds: [cast.klass.id], userIds: [cast.markedTeacher.id] },
    });
    expect(response.statusCode, response.body).toBe(202);
    notificationId = (response.json() as SendNotificationResponse).notification!.id;
    await sent(notificationId);
  });

  it('names the sender and the chosen recipients "Skyddad identitet" in the history', async () => {
    const response = await call.adminWithoutRight!('GET', `${portal}/notification/history`);
    expect(response.statusCode, response.body).toBe(200);
    expectNoTraceOf(response, [cast.protectedPupil, cast.markedTeacher, markedAdmin]);
    const item = (response.json() as SentNotificationResponse[]).find(
      (row) => row.id === notificationId,
    )!;
    expect(item.createdBy).toEqual({ id: markedAdmin.id, name: protectedIdentityName });
    expect(item.audience.users).toEqual([
      { id: cast.markedTeacher.id, name: protectedIdentityName },
    ]);
    // The class's pupils, the protected pupil's guardian and the chosen teacher are all counted.
    expect(item.counts.recipients).toBe(4);

    const entitled = await call.admin!('GET', `${portal}/notification/history`);
    expectNamed(entitled, cast.markedTeacher);
    expectNamed(entitled, markedAdmin);
  });

  it('lists protected recipients last, as "Skyddad identitet" without username or address', async () => {
    const url = `${portal}/notification/history/${notificationId}/recipient`;
    const response = await call.adminWithoutRight!('GET', url);
    expect(response.statusCode, response.body).toBe(200);
    expectNoTraceOf(response, [cast.protectedPupil, cast.markedTeacher]);
    expect(response.headers['x-pagination-total']).toBe('4');
    const rows = response.json() as NotificationRecipientResponse[];
    expect(rows.map((row) => row.user.name)).toEqual([
      fullName(cast.classmate),
      fullName(cast.guardian),
      protectedIdentityName,
      protectedIdentityName,
    ]);
    for (const row of rows.slice(2)) {
      expect(row).toMatchObject({ user: { username: null }, address: null, error: null });
    }

    const entitled = await call.admin!('GET', url);
    expectNamed(entitled, cast.protectedPupil);
    expectNamed(entitled, cast.markedTeacher);
    expect(entitled.body).toContain(cast.protectedPupil.email!);
  });

  it('keeps the address and text of their mails out of the outbox', async () => {
    const url = `${portal}/notification/outbox?notificationId=${notificationId}`;
    const response = await call.adminWithoutRight!('GET', url);
    expect(response.statusCode, response.body).toBe(200);
    expectNoTraceOf(response, [cast.protectedPupil, cast.markedTeacher]);
    const mails = response.json() as OutboxMailResponse[];
    expect(mails.map((mail) => mail.to).sort()).toEqual(
      [
        protectedIdentityName,
        protectedIdentityName,
        cast.classmate.email!,
        cast.guardian.email!,
      ].sort(),
    );
    expect(mails.find((mail) => mail.to === protectedIdentityName)?.text).toBe('');
    expect(mails.find((mail) => mail.to === cast.classmate.email)?.text).toContain(
      'Ta med matsäck.',
    );

    const entitled = await call.admin!('GET', url);
    expect(entitled.body).toContain(cast.protectedPupil.email!);
    expect(entitled.body).toContain(cast.markedTeacher.email!);
  });

  it('reaches the bell of each recipient without naming the sender', async () => {
    const response = await call.classmate!('GET', `${portal}/notification`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toContain('Utflykt på fredag');
    expectNoTraceOf(response, [markedAdmin, cast.protectedPupil, cast.markedTeacher]);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn, type TestUser, type UserOptions } from '../../../test/factories';
import { cookieHeaderFrom, createTestApp, type TestContext } from '../../../test/harness';
import { auditLog, roles, tokens, userRoles } from '../../db/schema';
import { authOf } from '../../identity/authenticate';
import { assertActingAsSelf } from '../../identity/session-policy';

let t: TestContext;
/** The people who act and are acted as, by the names the tests use. */
const people: Record<string, TestUser> = {};
beforeAll(async () => {
  t = await createTestApp({
    demo: false,
    beforeReady: (app) => {
      // A stand-in for the routes that change credentials (e-mail, password, roles, tokens).
      app.post(
        '/api/test/change-credentials',
        { onRequest: [app.authenticate] },
        async (request) => {
          await assertActingAsSelf(t.db, authOf(request));
          return { ok: true };
        },
      );
    },
  });
  const person = (name: string, options: UserOptions = {}) => {
    const [firstName, lastName] = name.split(' ') as [string, string];
    return buildUser(t, { firstName, lastName, ...options });
  };
  const pupil = { role: 'role_student', email: null } as const;
  Object.assign(people, {
    'eva.andersson': await person('Eva Andersson', { role: 'role_admin' }),
    'sven.svensson': await person('Sven Svensson', { role: 'role_superadmin' }),
    'kim.karlsson': await person('Kim Karlsson', { role: 'role_municipality_admin' }),
    'anna.larsson': await person('Anna Larsson'),
    'johan.berg': await person('Johan Berg'),
    'fatima.ali': await person('Fatima Ali'),
    'sara.ekstrom': await person('Sara Ekström', { role: 'role_employee' }),
    'elsa.nilsson': await person('Elsa Nilsson', pupil),
    'leo.nilsson': await person('Leo Nilsson', pupil),
    'olle.larsson': await person('Olle Larsson', pupil),
    'ali.hassan': await person('Ali Hassan', pupil),
    'maja.holm': await person('Maja Holm', pupil),
  });
  // Karin is the guardian of Elsa and Leo.
  people['karin.nilsson'] = await person('Karin Nilsson', {
    role: 'role_caretaker',
    guardianOf: [people['elsa.nilsson']!, people['leo.nilsson']!],
  });
});
afterAll(() => t.close());

const mask = (cookie: string, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/core/v1/token',
    headers: { cookie },
    payload: body as object,
  });
const me = (cookie: string) => t.app.inject({ url: '/api/core/v1/user', headers: { cookie } });
const idOf = async (username: string) => people[username]!.id;
const signInPerson = (username: string) => signIn(t.app, people[username]!);

async function maskedSession(adminUsername: string, targetUsername: string) {
  const adminCookie = await signInPerson(adminUsername);
  const response = await mask(adminCookie, { type: 'masked', userId: await idOf(targetUsername) });
  expect(response.statusCode).toBe(200);
  return { cookie: cookieHeaderFrom(response.cookies, adminCookie), body: response.json() };
}

describe('POST /api/core/v1/token (impersonation)', () => {
  it('climbs 401 → 400 → 403 → 200', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/core/v1/token', payload: {} })).statusCode,
    ).toBe(401);
    const admin = await signInPerson('eva.andersson');
    for (const body of [
      {},
      { type: 'masked' },
      { type: 'masked', userId: 'abc' },
      { type: 'login', userId: 1 },
      { type: 'masked', userId: 1, extra: true },
    ]) {
      expect((await mask(admin, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const teacher = await signInPerson('anna.larsson');
    expect(
      (await mask(teacher, { type: 'masked', userId: await idOf('elsa.nilsson') })).statusCode,
    ).toBe(403);

    const { cookie, body } = await maskedSession('eva.andersson', 'johan.berg');
    expect(body.token).toMatchObject({ type: 'masked', masked: true });
    expect(
      new Date(body.token.expires).getTime() - new Date(body.token.issued).getTime(),
    ).toBeLessThanOrEqual(30 * 60 * 1000);
    expect(body.session.masked).toBe(true);
    const user = (await me(cookie)).json();
    expect(user).toMatchObject({
      name: 'Johan Berg',
      masked: true,
      maskedBy: { name: 'Eva Andersson' },
    });
  });

  it('an id of the wrong type is refused, never converted (issue 21.8)', async () => {
    const admin = await signInPerson('eva.andersson');
    const target = await idOf('johan.berg');
    for (const userId of [[String(target)], String(target), [target], true]) {
      const response = await mask(admin, { type: 'masked', userId });
      expect(response.statusCode, JSON.stringify(userId)).toBe(400);
      expect(response.json().errors).toEqual([{ field: 'userId', message: 'Fel typ av värde' }]);
    }
    expect((await me(admin)).json()).toMatchObject({ name: 'Eva Andersson', masked: false });
  });

  it('through a bearer token says that masking needs a browser session (issue 21.8)', async () => {
    const admin = await signInPerson('eva.andersson');
    const issued = await mask(admin, { type: 'api', userId: await idOf('eva.andersson') });
    expect(issued.statusCode).toBe(200);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/core/v1/token',
      headers: { authorization: `Bearer ${issued.json().secret}` },
      payload: { type: 'masked', userId: await idOf('johan.berg') },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'BROWSER_SESSION_REQUIRED',
      message:
        'Att agera som en annan användare går bara i en inloggning i webbläsaren, inte med en API-token.',
    });
  });

  it('refuses to act as an administrator, or as nobody', async () => {
    const admin = await signInPerson('sven.svensson');
    const refused = await mask(admin, { type: 'masked', userId: await idOf('kim.karlsson') });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Du kan inte agera som en annan administratör.');
    expect((await mask(admin, { type: 'masked', userId: 999999 })).statusCode).toBe(404);
  });

  it('does not nest', async () => {
    const { cookie } = await maskedSession('eva.andersson', 'sara.ekstrom');
    const again = await mask(cookie, { type: 'masked', userId: await idOf('elsa.nilsson') });
    expect([403, 409]).toContain(again.statusCode);
    expect((await me(cookie)).json().name).toBe('Sara Ekström');
  });

  it('unmask removes the masked token and the administrator is back', async () => {
    const { cookie, body } = await maskedSession('eva.andersson', 'fatima.ali');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/core/v1/token/${body.token.id}`,
      headers: { cookie },
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ masked: false, tokens: [{ name: 'Eva Andersson' }] });
    const back = cookieHeaderFrom(removed.cookies, cookie);
    expect((await me(back)).json()).toMatchObject({ name: 'Eva Andersson', masked: false });
  });

  it('a role switch while masked stays masked', async () => {
    const { cookie } = await maskedSession('kim.karlsson', 'karin.nilsson');
    const switched = await t.app.inject({
      method: 'POST',
      url: `/api/portal-service/v1/user/related/${await idOf('leo.nilsson')}/token`,
      headers: { cookie },
    });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().token).toMatchObject({ masked: true, type: 'masked' });
    const asLeo = cookieHeaderFrom(switched.cookies, cookie);
    expect((await me(asLeo)).json()).toMatchObject({
      name: 'Leo Nilsson',
      masked: true,
      maskedBy: { name: 'Kim Karlsson' },
    });
  });

  it('no credential changes while masked, and every write is audited with the real administrator', async () => {
    const { cookie } = await maskedSession('eva.andersson', 'ali.hassan');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/test/change-credentials',
      headers: { cookie },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('agerar som någon annan');
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.action, 'masked.request'));
    expect(rows.at(-1)).toMatchObject({
      actorUserId: await idOf('ali.hassan'),
      realUserId: await idOf('eva.andersson'),
      entityId: 'POST /api/test/change-credentials',
    });
  });

  it('a guardian acting as a child may not change the child’s credentials; the guardian may change their own', async () => {
    let cookie = await signInPerson('karin.nilsson');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/test/change-credentials',
          headers: { cookie },
        })
      ).statusCode,
    ).toBe(200);
    const switched = await t.app.inject({
      method: 'POST',
      url: `/api/portal-service/v1/user/related/${await idOf('elsa.nilsson')}/token`,
      headers: { cookie },
    });
    cookie = cookieHeaderFrom(switched.cookies, cookie);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/test/change-credentials',
      headers: { cookie },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Det går inte att ändra ditt barns lösenord, e-post eller inloggningar.',
    );
  });

  it('taking the administrator’s rights away ends the masked session on its next request', async () => {
    const { cookie, body } = await maskedSession('sven.svensson', 'olle.larsson');
    const sven = await idOf('sven.svensson');
    const [superadmin] = await t.db.select().from(roles).where(eq(roles.key, 'role_superadmin'));
    await t.db
      .delete(userRoles)
      .where(and(eq(userRoles.userId, sven), eq(userRoles.roleId, superadmin!.id)));

    const ended = await me(cookie);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().code).toBe('MASK_ENDED');
    const [maskedToken] = await t.db.select().from(tokens).where(eq(tokens.id, body.token.id));
    expect(maskedToken!.status).toBe('revoked');
    const own = cookieHeaderFrom(ended.cookies, cookie);
    expect((await me(own)).json()).toMatchObject({ name: 'Sven Svensson', masked: false });
  });
});

describe('POST /api/portal-service/v1/user/updateUser while acting for someone else', () => {
  const update = (cookie: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/portal-service/v1/user/updateUser',
      headers: { cookie },
      payload: { email: 'ny.adress@example.org', firstName: 'Ny', lastName: 'Person' },
    });

  it('is refused while masked and while a guardian acts as a child', async () => {
    const { cookie } = await maskedSession('eva.andersson', 'maja.holm');
    expect((await update(cookie)).statusCode).toBe(403);
    let guardian = await signInPerson('karin.nilsson');
    const switched = await t.app.inject({
      method: 'POST',
      url: `/api/portal-service/v1/user/related/${await idOf('leo.nilsson')}/token`,
      headers: { cookie: guardian },
    });
    guardian = cookieHeaderFrom(switched.cookies, guardian);
    expect((await update(guardian)).statusCode).toBe(403);
    expect((await me(guardian)).json().email).toBeNull();
  });
});

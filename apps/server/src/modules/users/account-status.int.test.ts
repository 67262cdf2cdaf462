import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn, testPassword, type TestUser } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';

let t: TestContext;
let admin: string;
let superadmin: string;
const id: Record<string, number> = {};
/** A pupil named Olle, found by the user search; a teacher; a municipality administrator. */
let olle: TestUser;
let anna: TestUser;
let kim: TestUser;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  olle = await buildUser(t, {
    role: 'role_student',
    username: 'olle.larsson',
    firstName: 'Olle',
    lastName: 'Larsson',
  });
  anna = await buildUser(t);
  kim = await buildUser(t, { role: 'role_municipality_admin' });
  const eva = await buildUser(t, { role: 'role_admin' });
  const sven = await buildUser(t, { role: 'role_superadmin' });
  const johan = await buildUser(t);
  Object.assign(id, {
    'eva.andersson': eva.id,
    'sven.svensson': sven.id,
    'johan.berg': johan.id,
    'olle.larsson': olle.id,
    'anna.larsson': anna.id,
  });
  admin = await signIn(t.app, eva);
  superadmin = await signIn(t.app, sven);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/core/v1${url}`,
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });
const login = (username: string, password = testPassword) =>
  call('POST', '/user/login', undefined, { username, password });

describe('disabling an account (POST /user/{id}/disable and /enable)', () => {
  it('ends its sessions at once, refuses its sign-in, hides it from pickers, and is audited', async () => {
    const pupil = id['olle.larsson']!;
    const session = await signIn(t.app, olle);
    expect((await call('GET', '/user', session)).statusCode).toBe(200);
    const before = await call('GET', '/users?search=olle', admin);
    expect(before.json().map((user: { id: number }) => user.id)).toContain(pupil);

    const disabled = await call('POST', `/user/${pupil}/disable`, admin, {
      reason: 'Har flyttat från kommunen',
    });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({
      disabledReason: 'Har flyttat från kommunen',
      can: { disable: true, mask: false },
    });
    expect(Date.parse(disabled.json().disabledAt)).toBeGreaterThan(Date.now() - 60_000);

    // The session that was open ends on its next request.
    const next = await call('GET', '/user', session);
    expect(next.statusCode).toBe(401);
    expect(next.json().code).toBe('SESSION_INVALID');

    // The right password gets a clear refusal; a wrong one still says only "wrong".
    const refused = await login('olle.larsson');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'ACCOUNT_DISABLED',
      message: 'Ditt konto är avstängt. Kontakta skolans administratör.',
    });
    expect(refused.cookies).toHaveLength(0);
    expect((await login('olle.larsson', 'fel-lösenord')).statusCode).toBe(401);

    // Pickers (the user list) leave it out; the administration can still find it.
    const active = await call('GET', '/users?search=olle', admin);
    expect(active.json().map((user: { id: number }) => user.id)).not.toContain(pupil);
    const gone = await call('GET', '/users?search=olle&status=disabled', admin);
    expect(gone.json()).toEqual([
      expect.objectContaining({ id: pupil, disabledAt: disabled.json().disabledAt }),
    ]);
    expect((await call('GET', '/users?status=gone', admin)).statusCode).toBe(400);

    // No new sessions by other ways either.
    const masked = await call('POST', '/token', admin, { type: 'masked', userId: pupil });
    expect(masked.statusCode).toBe(409);
    expect(masked.json().message).toBe('Kontot är avstängt.');
    const api = await call('POST', '/token', admin, { type: 'api', userId: pupil });
    expect(api.statusCode).toBe(409);
    const tokens = await call('GET', `/token?userId=${pupil}&status=active`, admin);
    expect(tokens.json()).toEqual([]);

    const audit = await call('GET', `/audit?action=user.disable&entityId=${pupil}`, admin);
    expect(audit.json()[0]).toMatchObject({
      before: { disabledAt: null, disabledReason: null },
      after: { disabledReason: 'Har flyttat från kommunen' },
    });
    const refusals = await call(
      'GET',
      `/audit?action=session.login-refused&entityId=${pupil}`,
      admin,
    );
    expect(refusals.json()).toHaveLength(1);

    // Twice is a clear conflict, not a second audit entry.
    const again = await call('POST', `/user/${pupil}/disable`, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Kontot är redan avstängt.');

    const enabled = await call('POST', `/user/${pupil}/enable`, admin);
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json()).toMatchObject({ disabledAt: null, disabledReason: null });
    expect((await login('olle.larsson')).statusCode).toBe(200);
    // The old session stays ended.
    expect((await call('GET', '/user', session)).statusCode).toBe(401);
    const enabledAgain = await call('POST', `/user/${pupil}/enable`, admin);
    expect(enabledAgain.statusCode).toBe(409);
    expect(enabledAgain.json().message).toBe('Kontot är inte avstängt.');
  });

  it('is refused for oneself and, by an administrator, for a super administrator', async () => {
    const self = await call('POST', `/user/${id['eva.andersson']}/disable`, admin);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('Du kan inte stänga av ditt eget konto.');

    const superByAdmin = await call('POST', `/user/${id['sven.svensson']}/disable`, admin);
    expect(superByAdmin.statusCode).toBe(403);

    const selfSuper = await call('POST', `/user/${id['sven.svensson']}/disable`, superadmin);
    expect(selfSuper.statusCode).toBe(409);
    // Nothing was written by the refusals.
    const detail = await call('GET', `/user/${id['sven.svensson']}`, superadmin);
    expect(detail.json().disabledAt).toBeNull();
  });

  it('climbs 401 → 400 → 403 → 404 and checks the reason', async () => {
    const teacher = await signIn(t.app, anna);
    const target = id['johan.berg']!;
    expect((await call('POST', `/user/${target}/disable`)).statusCode).toBe(401);
    expect((await call('POST', '/user/abc/disable', admin)).statusCode).toBe(400);
    const long = await call('POST', `/user/${target}/disable`, admin, { reason: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    const extra = await call('POST', `/user/${target}/disable`, admin, { why: 'x' });
    expect(extra.statusCode).toBe(400);
    expect((await call('POST', `/user/${target}/disable`, teacher)).statusCode).toBe(403);
    expect((await call('POST', '/user/999999/disable', admin)).statusCode).toBe(404);
    expect((await call('POST', '/user/999999/enable', admin)).statusCode).toBe(404);
    const detail = await call('GET', `/user/${target}`, admin);
    expect(detail.json()).toMatchObject({ disabledAt: null, can: { disable: true } });
  });

  it('ends the sessions an administrator opened acting as someone else when the administrator is disabled', async () => {
    const kimCookie = await signIn(t.app, kim);
    const kimId = kim.id;
    const masked = await call('POST', '/token', kimCookie, {
      type: 'masked',
      userId: id['johan.berg'],
    });
    expect(masked.statusCode).toBe(200);
    const disabled = await call('POST', `/user/${kimId}/disable`, superadmin);
    expect(disabled.statusCode).toBe(200);
    const after = await call(
      'GET',
      `/token?userId=${id['johan.berg']}&type[]=masked&status=active`,
      superadmin,
    );
    expect(after.json()).toEqual([]);
    await call('POST', `/user/${kimId}/enable`, superadmin);
  });
});

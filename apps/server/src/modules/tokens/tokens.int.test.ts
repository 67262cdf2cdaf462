import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn, type TestUser } from '../../../test/factories';
import { cookieHeaderFrom, createTestApp, type TestContext } from '../../../test/harness';

let t: TestContext;
let admin: string;
let teacher: string;
const id: Record<string, number> = {};
let people: Record<'johan' | 'sven' | 'elsa', TestUser>;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  people = {
    johan: await buildUser(t, { username: 'johan.berg', firstName: 'Johan', lastName: 'Berg' }),
    sven: await buildUser(t, { role: 'role_superadmin' }),
    elsa: await buildUser(t, { role: 'role_student' }),
  };
  const kim = await buildUser(t, { role: 'role_municipality_admin' });
  Object.assign(id, {
    'johan.berg': people.johan.id,
    'sven.svensson': people.sven.id,
    'kim.karlsson': kim.id,
    'elsa.nilsson': people.elsa.id,
  });
  admin = await signIn(t.app, await buildUser(t, { role: 'role_admin' }));
  teacher = await signIn(t.app, people.johan);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'DELETE';
const call = (
  method: Method,
  url: string,
  headers: Record<string, string> = {},
  payload?: object,
) => t.app.inject({ method, url: `/api/core/v1${url}`, headers, ...(payload ? { payload } : {}) });
const as = (cookie: string) => ({ cookie });

describe('GET /api/core/v1/token', () => {
  it('climbs 401 → 400 → 403 → 200 and filters by user, type and status in SQL', async () => {
    expect((await call('GET', '/token')).statusCode).toBe(401);
    expect((await call('GET', '/token?status=gone', as(admin))).statusCode).toBe(400);
    expect((await call('GET', '/token?sort=token_hash', as(admin))).statusCode).toBe(400);
    expect((await call('GET', '/token?type[]=secret', as(admin))).statusCode).toBe(400);
    expect((await call('GET', '/token', as(teacher))).statusCode).toBe(403);

    const mine = await call(
      'GET',
      `/token?userId=${id['johan.berg']}&type[]=login&status=active`,
      as(admin),
    );
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toHaveLength(1);
    expect(mine.json()[0]).toMatchObject({
      userId: id['johan.berg'],
      type: 'login',
      status: 'active',
      user: { name: 'Johan Berg', uid: 'johan.berg' },
      maskedBy: null,
      revokedAt: null,
      can: { revoke: true },
    });
    expect(mine.json()[0]).not.toHaveProperty('tokenHash');
    const page = await call('GET', '/token?perPage=1', as(admin));
    expect(page.json()).toHaveLength(1);
    expect(Number(page.headers['x-pagination-total'])).toBeGreaterThanOrEqual(2);

    const superToken = await signIn(t.app, people.sven);
    expect(superToken).toBeTruthy();
    const superList = await call('GET', `/token?userId=${id['sven.svensson']}`, as(admin));
    expect(superList.json()[0].can.revoke).toBe(false);
  });
});

describe('POST /api/core/v1/token (api)', () => {
  it('issues a bearer token for an integration once, audited without the secret', async () => {
    const body = { type: 'api', userId: id['johan.berg'], lifetimeDays: 30 };
    expect((await call('POST', '/token', {}, body)).statusCode).toBe(401);
    const invalid = await call('POST', '/token', as(admin), { ...body, lifetimeDays: 0 });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors[0].field).toBe('lifetimeDays');
    expect((await call('POST', '/token', as(admin), { userId: 1 })).statusCode).toBe(400);
    expect((await call('POST', '/token', as(teacher), body)).statusCode).toBe(403);
    expect((await call('POST', '/token', as(admin), { ...body, userId: 999999 })).statusCode).toBe(
      404,
    );
    const forAdmin = await call('POST', '/token', as(admin), {
      ...body,
      userId: id['kim.karlsson'],
    });
    expect(forAdmin.statusCode).toBe(403);
    expect(forAdmin.json().message).toBe('Du kan inte utfärda inloggningar åt en administratör.');

    const issued = await call('POST', '/token', as(admin), body);
    expect(issued.statusCode).toBe(200);
    const { token, secret } = issued.json();
    expect(token).toMatchObject({ type: 'api', userId: id['johan.berg'], status: 'active' });
    const days = (Date.parse(token.expires) - Date.parse(token.issued)) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    const asIntegration = await call('GET', '/user', { authorization: `Bearer ${secret}` });
    expect(asIntegration.json().name).toBe('Johan Berg');

    const audit = await call('GET', `/audit?action=token.issue&entityId=${token.id}`, as(admin));
    expect(audit.json()).toHaveLength(1);
    expect(JSON.stringify(audit.json())).not.toContain(secret);

    const revoked = await call('DELETE', `/token/${token.id}`, as(admin));
    expect(revoked.statusCode).toBe(200);
    expect((await call('GET', '/user', { authorization: `Bearer ${secret}` })).statusCode).toBe(
      401,
    );
  });
});

describe('DELETE /api/core/v1/token/{id} (another person’s)', () => {
  it('an administrator revokes a session, which ends on its next request', async () => {
    const victim = await signIn(t.app, people.elsa);
    expect((await call('GET', '/user', as(victim))).statusCode).toBe(200);
    const [login] = (
      await call('GET', `/token?userId=${id['elsa.nilsson']}&status=active`, as(admin))
    ).json();
    expect((await call('DELETE', `/token/${login.id}`)).statusCode).toBe(401);
    expect((await call('DELETE', '/token/not-a-uuid', as(admin))).statusCode).toBe(400);
    // Someone else's token does not exist for a non-administrator.
    expect((await call('DELETE', `/token/${login.id}`, as(teacher))).statusCode).toBe(404);
    expect(
      (await call('DELETE', '/token/00000000-0000-4000-8000-000000000000', as(admin))).statusCode,
    ).toBe(404);

    const revoked = await call('DELETE', `/token/${login.id}`, as(admin));
    expect(revoked.statusCode).toBe(200);
    // The administrator's own session is untouched.
    expect(revoked.json().tokens).toHaveLength(1);
    expect((await call('GET', '/user', as(admin))).statusCode).toBe(200);

    const next = await call('GET', '/user', as(victim));
    expect(next.statusCode).toBe(401);
    expect(next.json().code).toBe('SESSION_INVALID');
    const after = (await call('GET', `/token?userId=${id['elsa.nilsson']}`, as(admin))).json();
    expect(after.find((row: { id: string }) => row.id === login.id)).toMatchObject({
      status: 'revoked',
      can: { revoke: false },
    });
    const audit = (
      await call('GET', `/audit?action=token.revoke&entityId=${login.id}`, as(admin))
    ).json();
    expect(audit[0]).toMatchObject({ before: { status: 'active' }, after: { status: 'revoked' } });
  });

  it('a super administrator’s sessions are revoked only by a super administrator', async () => {
    await signIn(t.app, people.sven);
    const [token] = (
      await call('GET', `/token?userId=${id['sven.svensson']}&status=active`, as(admin))
    ).json();
    const refused = await call('DELETE', `/token/${token.id}`, as(admin));
    expect(refused.statusCode).toBe(403);
  });

  it('a masked administrator issues and revokes nothing', async () => {
    const masked = await call('POST', '/token', as(admin), {
      type: 'masked',
      userId: id['elsa.nilsson'],
    });
    const cookie = cookieHeaderFrom(masked.cookies, admin);
    const [token] = (
      await call('GET', `/token?userId=${id['johan.berg']}&type[]=login`, as(admin))
    ).json();
    expect((await call('DELETE', `/token/${token.id}`, as(cookie))).statusCode).toBe(404);
    expect(
      (await call('POST', '/token', as(cookie), { type: 'api', userId: id['johan.berg'] }))
        .statusCode,
    ).toBe(403);
  });
});

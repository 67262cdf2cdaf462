import { sv } from '@skolportalen/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn, testPassword, type TestUser } from '../../../test/factories';
import {
  cookieHeaderFrom,
  createTestApp,
  testCookieNames as cookies,
  type TestContext,
} from '../../../test/harness';
import { auditLog, tokens } from '../../db/schema';

let t: TestContext;
let people: Record<'anna' | 'johan' | 'fatima' | 'sara' | 'ali' | 'karin', TestUser>;
beforeAll(async () => {
  t = await createTestApp({ demo: false, env: { LOGIN_RATE_LIMIT_MAX: '5' } });
  const child = await buildUser(t, { role: 'role_student' });
  people = {
    anna: await buildUser(t, { username: 'anna.larsson', firstName: 'Anna', lastName: 'Larsson' }),
    johan: await buildUser(t),
    fatima: await buildUser(t),
    sara: await buildUser(t, { role: 'role_employee', firstName: 'Sara', lastName: 'Ekström' }),
    ali: await buildUser(t, { role: 'role_student' }),
    // A guardian with one child, whose account she may switch to.
    karin: await buildUser(t, {
      role: 'role_caretaker',
      firstName: 'Karin',
      lastName: 'Nilsson',
      guardianOf: [child],
    }),
  };
});
afterAll(() => t.close());

const login = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/core/v1/user/login',
    payload: payload as object,
    headers,
  });

async function tokenCount() {
  const [row] = await t.db.select({ value: count() }).from(tokens);
  return row!.value;
}

describe('POST /api/core/v1/user/login', () => {
  it('signs in, sets an HttpOnly 8-hour session cookie and a readable companion cookie', async () => {
    const response = await login({ username: 'anna.larsson', password: testPassword });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).toMatchObject({
      userId: expect.any(Number),
      type: 'login',
      status: 'active',
      masked: false,
    });
    expect(new Date(body.token.expires).getTime() - new Date(body.token.issued).getTime()).toBe(
      8 * 3600 * 1000,
    );
    expect(body.session.tokens).toEqual([
      expect.objectContaining({ name: 'Anna Larsson', active: true, masked: false }),
    ]);
    const session = response.cookies.find((cookie) => cookie.name === cookies.session)!;
    expect(session).toMatchObject({ httpOnly: true, path: '/', sameSite: 'Lax', maxAge: 28800 });
    const flag = response.cookies.find((cookie) => cookie.name === cookies.signedIn)!;
    expect(flag.httpOnly).toBeFalsy();
    // The secret in the cookie is never what the database holds.
    const secret = JSON.parse(decodeURIComponent(session.value)).tokens[0];
    const rows = await t.db.select().from(tokens).where(eq(tokens.id, body.token.id));
    expect(rows[0]!.tokenHash).not.toContain(secret);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('accepts the username in any case', async () => {
    const response = await login({ username: 'Anna.Larsson', password: testPassword });
    expect(response.statusCode).toBe(200);
  });

  it('answers an unknown user exactly like a wrong password, and issues nothing', async () => {
    const before = await tokenCount();
    const wrong = await login({ username: people.johan.username, password: 'fel-lösenord' });
    const unknown = await login({ username: 'finns.inte', password: 'fel-lösenord' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: sv.errors.invalidCredentials,
    });
    expect(unknown.json()).toEqual(wrong.json());
    expect(await tokenCount()).toBe(before);
  });

  it('refuses missing fields with the Swedish required message', async () => {
    const response = await login({ username: '', password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [
        { field: 'username', message: 'Fältet måste vara ifyllt' },
        { field: 'password', message: 'Fältet måste vara ifyllt' },
      ],
    });
  });

  it('refuses wrong types, over-long strings and unknown fields', async () => {
    const typed = await login({ username: 42, password: ['x'] });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().errors[0]).toEqual({
      field: 'username',
      message: sv.validation.invalidType,
    });

    const long = await login({ username: 'a'.repeat(101), password: 'x' });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual([
      { field: 'username', message: 'Fältet får innehålla max 100 tecken' },
    ]);

    const extra = await login({ username: 'a', password: 'b', isAdmin: true });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().errors).toEqual([{ field: 'isAdmin', message: 'Okänt fält: isAdmin' }]);
  });

  it('refuses malformed JSON with a 400, not a crash', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/core/v1/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'MALFORMED_JSON', message: sv.errors.malformedJson });
  });

  it('refuses a sign-in posted from another site', async () => {
    const response = await login(
      { username: 'anna.larsson', password: testPassword },
      { origin: 'https://angripare.example', 'sec-fetch-site': 'cross-site' },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('CROSS_ORIGIN');
  });

  it('rate limits repeated attempts on one account with a Swedish 429', async () => {
    const attempts = [];
    for (let i = 0; i < 6; i += 1)
      attempts.push(await login({ username: people.fatima.username, password: 'gissning' }));
    expect(attempts.slice(0, 5).every((response) => response.statusCode === 401)).toBe(true);
    expect(attempts[5]!.statusCode).toBe(429);
    expect(attempts[5]!.json()).toEqual({ code: 'RATE_LIMITED', message: sv.errors.rateLimited });
  });

  it('records the sign-in in the audit log', async () => {
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.action, 'session.login'));
    expect(rows.length).toBeGreaterThan(0);
  });
});

describe('session cookie and bearer header', () => {
  it('401 without credentials, and the bearer header works for non-browser clients', async () => {
    expect((await t.app.inject({ url: '/api/core/v1/user' })).statusCode).toBe(401);
    const response = await login({ username: people.sara.username, password: testPassword });
    const session = response.cookies.find((cookie) => cookie.name === cookies.session)!;
    const secret = JSON.parse(decodeURIComponent(session.value)).tokens[0] as string;
    const me = await t.app.inject({
      url: '/api/core/v1/user',
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().name).toBe('Sara Ekström');
    const bad = await t.app.inject({
      url: '/api/core/v1/user',
      headers: { authorization: 'Bearer nope' },
    });
    expect(bad.statusCode).toBe(401);
  });

  it('drops a forged or unparsable cookie and answers 401', async () => {
    for (const value of [
      'inte-json',
      encodeURIComponent('{"tokens":["x"],"active":0}'),
      encodeURIComponent(JSON.stringify({ tokens: ['A'.repeat(43)], active: 0 })),
    ]) {
      const response = await t.app.inject({
        url: '/api/core/v1/user',
        headers: { cookie: `${cookies.session}=${value}` },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('SESSION_INVALID');
      expect(response.cookies.find((cookie) => cookie.name === cookies.session)?.value).toBe('');
    }
  });

  it('refuses an expired token', async () => {
    const cookie = await signIn(t.app, people.ali);
    await t.db.update(tokens).set({ expires: new Date(Date.now() - 1000) });
    const response = await t.app.inject({ url: '/api/core/v1/user', headers: { cookie } });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/portal-service/v1/saml/logout', () => {
  it('revokes the tokens, clears both cookies and redirects to the given login page', async () => {
    const cookie = await signIn(t.app, people.johan);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/portal-service/v1/saml/logout',
      headers: {
        cookie,
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://localhost:80',
        host: 'localhost:80',
      },
      payload: 'redirectUrl=' + encodeURIComponent('http://localhost:80/login'),
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/login');
    const cleared = cookieHeaderFrom(response.cookies, cookie);
    expect(cleared).toBe('');
    const reuse = await t.app.inject({ url: '/api/core/v1/user', headers: { cookie } });
    expect(reuse.statusCode).toBe(401);
  });

  it('never redirects to another site', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/portal-service/v1/saml/logout',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'redirectUrl=' + encodeURIComponent('https://phishing.example/login'),
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/login');
  });
});

describe('DELETE /api/core/v1/token/{id}', () => {
  it('removes a token of the session and reactivates the last remaining one', async () => {
    let cookie = await signIn(t.app, people.karin);
    const related = await t.app.inject({
      url: '/api/portal-service/v1/user/related',
      headers: { cookie },
    });
    const child = related
      .json()
      .find((account: { relation: string }) => account.relation === 'child');
    const switched = await t.app.inject({
      method: 'POST',
      url: `/api/portal-service/v1/user/related/${child.id}/token`,
      headers: { cookie },
    });
    cookie = cookieHeaderFrom(switched.cookies, cookie);
    const childToken = switched.json().token.id;

    const invalid = await t.app.inject({
      method: 'DELETE',
      url: '/api/core/v1/token/inte-ett-id',
      headers: { cookie },
    });
    expect(invalid.statusCode).toBe(400);
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: '/api/core/v1/token/00000000-0000-4000-8000-000000000000',
      headers: { cookie },
    });
    expect(foreign.statusCode).toBe(404);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/core/v1/token/${childToken}`,
      headers: { cookie },
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().tokens).toHaveLength(1);
    cookie = cookieHeaderFrom(removed.cookies, cookie);
    const me = await t.app.inject({ url: '/api/core/v1/user', headers: { cookie } });
    expect(me.json().name).toBe('Karin Nilsson');
  });
});

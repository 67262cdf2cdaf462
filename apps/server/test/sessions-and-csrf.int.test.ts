import { cookieNames, sv } from '@skolportalen/shared';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, tokens } from '../src/db/schema';
import { buildUser, signIn, testPassword, type TestUser, type UserOptions } from './factories';
import { cookieHeaderFrom, createTestApp, type TestContext } from './harness';
import { listRoutes } from './route-list';

/**
 * The session as the browser holds it (ASVS V7, cookie names V3.3), and
 * cross-site requests (V3.5). Sign-in answers and limits are in sign-in-hardening.int.test.ts,
 * GET safety in get-changes-nothing.int.test.ts; revocation by an
 * administrator in modules/tokens, the end of a masked session when the
 * administrator loses the right in modules/masking.
 */
// Secure cookies carry `__Host-` names.
const cookies = cookieNames(true);
let t: TestContext;
/** The people who sign in, by the names the tests use. */
let people: Record<
  'johan' | 'sara' | 'fatima' | 'leo' | 'ali' | 'elsa' | 'karin' | 'eva' | 'sven' | 'lars',
  TestUser
>;
beforeAll(async () => {
  // The production default: Secure cookies.
  t = await createTestApp({ demo: false, env: { COOKIE_SECURE: 'true' } });
  const pupil = (options: UserOptions = {}) => buildUser(t, { role: 'role_student', ...options });
  const elsa = await pupil();
  people = {
    johan: await buildUser(t),
    sara: await buildUser(t, { role: 'role_employee' }),
    fatima: await buildUser(t),
    leo: await pupil(),
    ali: await pupil({ firstName: 'Ali', lastName: 'Hassan' }),
    elsa,
    // A guardian with a child's account to switch to.
    karin: await buildUser(t, { role: 'role_caretaker', guardianOf: [elsa] }),
    eva: await buildUser(t, { role: 'role_admin' }),
    sven: await buildUser(t, { role: 'role_superadmin' }),
    // A principal: the user list is among the school-responsible role's rights.
    lars: await buildUser(t, { role: 'role_school_responsible' }),
  };
});
afterAll(() => t.close());

const login = (person: TestUser, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/core/v1/user/login',
    payload: { username: person.username, password: testPassword },
    headers,
  });

function setCookieHeaders(response: { headers: Record<string, unknown> }): string[] {
  const raw = response.headers['set-cookie'];
  return Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
}

function cookieNamed(response: { headers: Record<string, unknown> }, name: string) {
  const header = setCookieHeaders(response).find((line) => line.startsWith(`${name}=`));
  expect(header, `Set-Cookie for ${name}`).toBeDefined();
  const [pair, ...attributes] = header!.split(/;\s*/);
  return {
    value: decodeURIComponent(pair!.slice(name.length + 1)),
    attributes: new Map(
      attributes.map((attribute) => {
        const [key, ...rest] = attribute.split('=');
        return [key!.toLowerCase(), rest.join('=')] as const;
      }),
    ),
  };
}

const secretOf = (cookie: string) => {
  const raw = decodeURIComponent(new RegExp(`${cookies.session}=([^;]+)`).exec(cookie)![1]!);
  const parsed = JSON.parse(raw) as { tokens: string[]; active: number };
  return parsed.tokens[parsed.active]!;
};

const me = (headers: Record<string, string>) => t.app.inject({ url: '/api/core/v1/user', headers });

function expectSessionCookieFlags(response: { headers: Record<string, unknown> }) {
  const session = cookieNamed(response, cookies.session);
  expect(session.attributes.has('httponly')).toBe(true);
  expect(session.attributes.has('secure')).toBe(true);
  expect(session.attributes.get('samesite')).toBe('Lax');
  expect(session.attributes.get('path')).toBe('/');
  expect(session.attributes.get('max-age')).toBe('28800');
  // No Domain: the cookie is never sent to sibling hosts of the portal.
  expect(session.attributes.has('domain')).toBe(false);
  const companion = cookieNamed(response, cookies.signedIn);
  expect(companion.attributes.has('httponly')).toBe(false);
  expect(companion.value).toBe('1');
  expect(companion.attributes.has('secure')).toBe(true);
  expect(companion.attributes.get('samesite')).toBe('Lax');
  return session;
}

describe('the session cookie', () => {
  it('is HttpOnly, Secure, SameSite=Lax, for the whole site and 8 hours, and holds no user data', async () => {
    const response = await login(people.johan);
    expect(response.statusCode).toBe(200);
    const session = expectSessionCookieFlags(response);
    const content = JSON.parse(session.value) as { tokens: string[]; active: number };
    expect(Object.keys(content).sort()).toEqual(['active', 'tokens']);
    expect(content.tokens[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.db.select().from(tokens).where(eq(tokens.id, response.json().token.id));
    expect(row!.expires.getTime() - row!.issued.getTime()).toBe(8 * 3600 * 1000);
  });

  it('keeps the same flags when the session changes: a role switch and acting as someone', async () => {
    const guardian = await signIn(t.app, people.karin);
    const related = await t.app.inject({
      url: '/api/portal-service/v1/user/related',
      headers: { cookie: guardian },
    });
    const child = related
      .json()
      .find((account: { relation: string }) => account.relation === 'child');
    const switched = await t.app.inject({
      method: 'POST',
      url: `/api/portal-service/v1/user/related/${child.id}/token`,
      headers: { cookie: guardian },
    });
    expect(switched.statusCode).toBe(200);
    expectSessionCookieFlags(switched);

    const admin = await signIn(t.app, people.eva);
    const masked = await t.app.inject({
      method: 'POST',
      url: '/api/core/v1/token',
      headers: { cookie: admin },
      payload: { type: 'masked', userId: people.elsa.id },
    });
    expect(masked.statusCode).toBe(200);
    expectSessionCookieFlags(masked);
  });

  it('is cleared on logout with the same path and flags, so the browser really drops it', async () => {
    const cookie = await signIn(t.app, people.sara);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/portal-service/v1/saml/logout',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(303);
    for (const name of [cookies.session, cookies.signedIn]) {
      const cleared = cookieNamed(response, name);
      expect(cleared.value).toBe('');
      expect(cleared.attributes.get('path')).toBe('/');
      expect(cleared.attributes.has('secure')).toBe(true);
      expect(new Date(cleared.attributes.get('expires')!).getTime()).toBeLessThan(Date.now());
    }
  });
});

describe('the cookie names (ASVS 3.3.1, 3.3.3)', () => {
  const plain = cookieNames(false);

  it('carry __Host- with Secure cookies: Secure, path / and no Domain, as the prefix demands', async () => {
    const response = await login(people.johan);
    expect(response.statusCode).toBe(200);
    const names = setCookieHeaders(response).map((line) => line.slice(0, line.indexOf('=')));
    expect(names.sort()).toEqual(['__Host-skolportalen_inloggad', '__Host-skolportalen_session']);
    for (const name of names) {
      const cookie = cookieNamed(response, name);
      expect(cookie.attributes.has('secure')).toBe(true);
      expect(cookie.attributes.get('path')).toBe('/');
      expect(cookie.attributes.has('domain')).toBe(false);
    }
  });

  it('are read only with the prefix: the same session under the plain name counts for nothing', async () => {
    const cookie = await signIn(t.app, people.johan);
    expect(cookie).toMatch(/^__Host-skolportalen_session=/);
    expect((await me({ cookie })).statusCode).toBe(200);
    // What a sibling host or a plain-HTTP page could have set.
    const unprefixed = cookie.replaceAll('__Host-', '');
    const refused = await me({ cookie: unprefixed });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('UNAUTHENTICATED');
  });

  describe('with COOKIE_SECURE=false (a local plain-HTTP set-up)', () => {
    let local: TestContext;
    let teacher: TestUser;
    beforeAll(async () => {
      local = await createTestApp({ demo: false, env: { COOKIE_SECURE: 'false' } });
      teacher = await buildUser(local);
    });
    afterAll(() => local.close());

    it('are the plain names, without Secure, and only they are read', async () => {
      const response = await local.app.inject({
        method: 'POST',
        url: '/api/core/v1/user/login',
        payload: { username: teacher.username, password: testPassword },
      });
      expect(response.statusCode).toBe(200);
      const names = setCookieHeaders(response).map((line) => line.slice(0, line.indexOf('=')));
      expect(names.sort()).toEqual(['skolportalen_inloggad', 'skolportalen_session']);
      expect(cookieNamed(response, plain.session).attributes.has('secure')).toBe(false);
      const cookie = cookieHeaderFrom(response.cookies);
      const meLocally = (header: string) =>
        local.app.inject({ url: '/api/core/v1/user', headers: { cookie: header } });
      expect((await meLocally(cookie)).statusCode).toBe(200);
      expect((await meLocally(cookie.replace(/(^|; )/g, '$1__Host-'))).statusCode).toBe(401);
    });
  });
});

describe('tokens', () => {
  it('are new on every sign-in: the session presented before signing in is revoked (no fixation)', async () => {
    const before = await signIn(t.app, people.fatima);
    const again = await login(people.fatima, { cookie: before });
    expect(again.statusCode).toBe(200);
    const after = cookieHeaderFrom(again.cookies, before);
    expect(secretOf(after)).not.toBe(secretOf(before));
    expect((await me({ cookie: before })).statusCode).toBe(401);
    expect((await me({ authorization: `Bearer ${secretOf(before)}` })).statusCode).toBe(401);
    expect((await me({ cookie: after })).statusCode).toBe(200);
  });

  it('of another person in the browser are revoked when someone else signs in there', async () => {
    const first = await signIn(t.app, people.leo);
    const second = await login(people.ali, { cookie: first });
    expect(second.statusCode).toBe(200);
    expect((await me({ cookie: first })).statusCode).toBe(401);
    const cookie = cookieHeaderFrom(second.cookies, first);
    expect((await me({ cookie })).json().name).toBe('Ali Hassan');
  });

  it('are all revoked on logout, related accounts included, whether presented by cookie or bearer', async () => {
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
    const content = JSON.parse(
      decodeURIComponent(new RegExp(`${cookies.session}=([^;]+)`).exec(cookie)![1]!),
    ) as { tokens: string[] };
    expect(content.tokens).toHaveLength(2);

    await t.app.inject({
      method: 'POST',
      url: '/api/portal-service/v1/saml/logout',
      headers: { cookie },
    });
    for (const secret of content.tokens)
      expect((await me({ authorization: `Bearer ${secret}` })).statusCode).toBe(401);
    expect((await me({ cookie })).statusCode).toBe(401);
  });

  it('carry no rights of their own: taking a role away counts from the next request', async () => {
    const superadmin = await signIn(t.app, people.sven);
    const principal = await signIn(t.app, people.lars);
    const principalId = people.lars.id;
    expect(
      (await t.app.inject({ url: '/api/core/v1/users', headers: { cookie: principal } }))
        .statusCode,
    ).toBe(200);
    const [responsible] = await t.db
      .select()
      .from(roles)
      .where(eq(roles.key, 'role_school_responsible'));
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/core/v1/user/${principalId}/role/${responsible!.id}`,
      headers: { cookie: superadmin },
    });
    expect(removed.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/core/v1/users', headers: { cookie: principal } }))
        .statusCode,
    ).toBe(403);
  });
});

/**
 * Writes that a cookie gives nothing to: the identity provider posts SAML
 * responses and signed logout messages from its own site by design, and an OpenID Connect
 * provider posts its signed logout tokens from its server; page views are counted without
 * looking at the session.
 */
const cookieBlind = new Set([
  'POST /api/portal-service/v1/saml/acs',
  'POST /api/portal-service/v1/saml/slo',
  'POST /api/portal-service/v1/oidc/:provider/backchannel-logout',
  'POST /api/portal-service/v1/analytics/pageview',
]);

describe('cross-site requests', () => {
  const writeRoutes = () =>
    listRoutes(t.app)
      .filter((route) => route.url.startsWith('/api/') && route.method !== 'GET')
      .filter((route) => !cookieBlind.has(`${route.method} ${route.url}`));

  it('every write route refuses a signed-in browser’s request from another site', async () => {
    const cookie = await signIn(t.app, people.sven);
    const accepted: string[] = [];
    const routes = writeRoutes();
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      const url = route.url.replace(/:cap\b/, 'search').replace(/:[A-Za-z]+/g, '1');
      const response = await t.app.inject({
        method: route.method as InjectOptions['method'],
        url,
        headers: {
          cookie,
          origin: 'https://angripare.example',
          'sec-fetch-site': 'cross-site',
        },
        payload: {},
      });
      if (response.statusCode !== 403 || response.json().code !== 'CROSS_ORIGIN')
        accepted.push(`${route.method} ${route.url}: ${response.statusCode} ${response.body}`);
    }
    expect(accepted).toEqual([]);
    // The session survived all of it.
    expect((await me({ cookie })).statusCode).toBe(200);
  });

  const favourite = (headers: Record<string, string | undefined>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/core/v1/favorite',
      headers: { host: 'skolportalen.exempelby.se', ...headers },
      payload: { name: 'Från annan sida', url: 'https://exempelby.se/', sort: 1 },
    });
  const favouriteCount = async (cookie: string) =>
    (await t.app.inject({ url: '/api/core/v1/favorite', headers: { cookie } })).json().length;

  it('refuses an old browser that sends only Origin, an opaque Origin and a sibling site', async () => {
    const cookie = await signIn(t.app, people.johan);
    const attempts: Record<string, string>[] = [
      { origin: 'https://angripare.example' },
      { origin: 'null' },
      { origin: 'https://skolportalen.exempelby.se.angripare.example' },
      { origin: 'http://skolportalen.exempelby.se:8443' },
      { 'sec-fetch-site': 'same-site', origin: 'https://elev.exempelby.se' },
    ];
    for (const headers of attempts) {
      const response = await favourite({ cookie, ...headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual({ code: 'CROSS_ORIGIN', message: sv.errors.crossOrigin });
    }
  });

  it('lets the portal’s own pages write, and bearer clients from anywhere (no ambient credential)', async () => {
    const cookie = await signIn(t.app, people.johan);
    const sameOrigin = await favourite({
      cookie,
      origin: 'http://skolportalen.exempelby.se',
      'sec-fetch-site': 'same-origin',
    });
    expect(sameOrigin.statusCode).toBe(201);
    const bearer = await favourite({
      authorization: `Bearer ${secretOf(cookie)}`,
      origin: 'https://integration.exempelby.se',
      'sec-fetch-site': 'cross-site',
    });
    expect(bearer.statusCode).toBe(201);
  });

  it('refuses a cookie write that proves neither its Origin nor Sec-Fetch-Site: same-origin (issue 20 F9)', async () => {
    const cookie = await signIn(t.app, people.johan);
    const before = await favouriteCount(cookie);
    const attempts: Record<string, string | undefined>[] = [
      { origin: undefined, 'sec-fetch-site': undefined },
      { origin: undefined, 'sec-fetch-site': 'none' },
    ];
    for (const headers of attempts) {
      const response = await favourite({ cookie, ...headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual({ code: 'CROSS_ORIGIN', message: sv.errors.crossOrigin });
    }
    // A logout form without Origin ends nobody's session.
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/portal-service/v1/saml/logout',
      headers: { cookie, origin: undefined, 'sec-fetch-site': undefined },
    });
    expect(logout.statusCode).toBe(403);
    expect(await favouriteCount(cookie)).toBe(before);
    // The same request from the portal's page, told by either header, goes through.
    expect((await favourite({ cookie, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);
    expect(
      (await favourite({ cookie, origin: 'https://skolportalen.exempelby.se' })).statusCode,
    ).toBe(201);
    // A bearer client has no ambient credential to abuse and need not say where it is.
    const bearer = await favourite({
      authorization: `Bearer ${secretOf(cookie)}`,
      origin: undefined,
      'sec-fetch-site': undefined,
    });
    expect(bearer.statusCode).toBe(201);
  });

  it('refuses form-encoded and text bodies on the JSON API with 415, writing nothing (issue 20 F9)', async () => {
    const cookie = await signIn(t.app, people.johan);
    const before = await favouriteCount(cookie);
    const bodies = [
      {
        type: 'application/x-www-form-urlencoded',
        body: 'name=Form&url=https%3A%2F%2Fexempelby.se%2F&sort=1',
      },
      { type: 'text/plain', body: '{"name":"Text","url":"https://exempelby.se/","sort":1}' },
      {
        type: 'text/plain; charset=utf-8',
        body: '{"name":"Text","url":"https://exempelby.se/","sort":1}',
      },
    ];
    for (const { type, body } of bodies) {
      for (const credential of [{ cookie }, { authorization: `Bearer ${secretOf(cookie)}` }]) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/core/v1/favorite',
          headers: { ...credential, 'content-type': type, 'sec-fetch-site': 'same-origin' },
          payload: body,
        });
        expect(response.statusCode, type).toBe(415);
        expect(response.json()).toEqual({
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: sv.errors.unsupportedMediaType,
        });
      }
    }
    expect(await favouriteCount(cookie)).toBe(before);
    // The sign-out button is a form, and stays one.
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/portal-service/v1/saml/logout',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'redirectUrl=%2Flogin',
    });
    expect(logout.statusCode).toBe(303);
  });
});

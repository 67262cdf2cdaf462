import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerClientOf, buildUser, type TestUser } from '../../../test/factories';
import {
  cookieHeaderFrom,
  createTestApp,
  testCookieNames as cookies,
  type TestContext,
} from '../../../test/harness';
import {
  buildAssertion,
  buildResponse,
  createIdpKeys,
  idpIssuer,
  readAuthnRequest,
  type ResponseOptions,
  type TestIdpKeys,
} from '../../../test/saml-idp';

const publicUrl = 'http://portal.exempelby.test';
const acs = `${publicUrl}/api/portal-service/v1/saml/acs`;
const spEntityId = `${publicUrl}/api/portal-service/v1/saml/metadata`;

let t: TestContext;
let keys: TestIdpKeys;
let otherKeys: TestIdpKeys;
/** The teacher who signs in; an administrator whose account a forged assertion would take. */
let teacher: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [keys, otherKeys] = await Promise.all([createIdpKeys(), createIdpKeys()]);
  t = await createTestApp({
    demo: false,
    env: {
      PUBLIC_URL: publicUrl,
      SAML_ENTRY_POINT: 'https://idp.exempelby.test/sso',
      SAML_LOGOUT_URL: 'https://idp.exempelby.test/slo',
      SAML_IDP_CERT: keys.cert,
      SAML_IDP_ISSUER: idpIssuer,
      // The strict rule: the response and the assertion signed (saml-signatures.int.test.ts has the default).
      SAML_REQUIRED_SIGNATURES: 'both',
    },
  });
  teacher = await buildUser(t);
  admin = await buildUser(t, { role: 'role_admin' });
});
afterAll(() => t.close());

/** Starts a sign-in at the portal and returns the AuthnRequest id the IdP must answer. */
async function startLogin(redirect = '/profile/my-groups') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/portal-service/v1/saml/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `redirect=${encodeURIComponent(redirect)}`,
  });
  expect(response.statusCode).toBe(303);
  return readAuthnRequest(response.headers.location as string);
}

function responseFor(overrides: Partial<ResponseOptions> & { inResponseTo?: string }) {
  return buildResponse({
    keys,
    uid: teacher.username,
    audience: spEntityId,
    recipient: acs,
    ...overrides,
  });
}

async function postToAcs(samlResponse: string, relayState = '/') {
  return t.app.inject({
    method: 'POST',
    url: '/api/portal-service/v1/saml/acs',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'https://idp.exempelby.test',
    },
    payload: `SAMLResponse=${encodeURIComponent(samlResponse)}&RelayState=${encodeURIComponent(relayState)}`,
  });
}

function expectRefused(response: Awaited<ReturnType<typeof postToAcs>>, reason = 'invalid') {
  expect(response.statusCode).toBe(303);
  expect(response.headers.location).toBe(`/login?ssoError=${reason}`);
  expect(response.cookies.find((cookie) => cookie.name === cookies.session)).toBeUndefined();
}

describe('SAML single sign-on', () => {
  it('announces itself to the login page and publishes service-provider metadata', async () => {
    expect(
      (await t.app.inject({ url: '/api/portal-service/v1/saml/config' })).json(),
    ).toMatchObject({ enabled: true });
    const metadata = await t.app.inject({ url: '/api/portal-service/v1/saml/metadata' });
    expect(metadata.body).toContain(`entityID="${spEntityId}"`);
    expect(metadata.body).toContain(acs);
  });

  it('starts a sign-in with a way back too long to carry, back to the start page', async () => {
    const request = await startLogin(`/sok?q=${'a'.repeat(2100)}`);
    expect(request.relayState).toBe('/');
  });

  it('signs a user in from a valid signed response and goes to the relay state', async () => {
    const request = await startLogin();
    expect(request.acsUrl).toBe(acs);
    expect(request.relayState).toBe('/profile/my-groups');
    const response = await postToAcs(
      responseFor({ inResponseTo: request.id }),
      request.relayState!,
    );
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/profile/my-groups');
    const cookie = cookieHeaderFrom(response.cookies);
    const me = await t.app.inject({ url: '/api/core/v1/user', headers: { cookie } });
    expect(me.json().uid).toBe(teacher.username);
    const session = await t.app.inject({
      url: '/api/portal-service/v1/saml/token',
      headers: { cookie },
    });
    expect(session.json().tokens).toHaveLength(1);

    // Logout ends the portal session and sends the browser to the IdP's single logout.
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/portal-service/v1/saml/logout',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'redirectUrl=%2Flogin',
    });
    expect(logout.statusCode).toBe(303);
    const idpLogout = new URL(logout.headers.location as string);
    expect(idpLogout.origin + idpLogout.pathname).toBe('https://idp.exempelby.test/slo');
    expect(idpLogout.searchParams.get('SAMLRequest')).toBeTruthy();
    expect(idpLogout.searchParams.get('RelayState')).toBe('/login');
    expect((await t.app.inject({ url: '/api/core/v1/user', headers: { cookie } })).statusCode).toBe(
      401,
    );
  });

  it.each([
    '/nyhet/utflykt-till-naturhistoriska-museet-med-3a?visa=kommentarer&sida=2',
    '/sida/om-skolan?flik=%C3%A5rskurs%203',
    '/kurs/planera-tillsammans?boka=1',
    '/krisinformation/stangd-skola',
  ])('returns to exactly %s, query and all, with a 303', async (address) => {
    const request = await startLogin(address);
    expect(request.relayState).toBe(address);
    const response = await postToAcs(
      responseFor({ inResponseTo: request.id }),
      request.relayState!,
    );
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(address);
  });

  it.each([
    'https://phishing.example/',
    '//evil.example/nyhet/x',
    '/\\evil.example',
    '/..//evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
  ])('never relays to another site: %j', async (hostile) => {
    const request = await startLogin(hostile);
    expect(request.relayState).toBe('/');
    // Nor when the relay state comes back changed from the IdP's side.
    const response = await postToAcs(responseFor({ inResponseTo: request.id }), hostile);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/');
  });

  describe('refuses', () => {
    const cases: [string, (id: string) => string, string?][] = [
      [
        'an unsigned response and assertion',
        (id) => responseFor({ inResponseTo: id, signAssertion: false, signResponse: false }),
      ],
      ['an unsigned response', (id) => responseFor({ inResponseTo: id, signResponse: false })],
      ['an unsigned assertion', (id) => responseFor({ inResponseTo: id, signAssertion: false })],
      [
        'a tampered assertion',
        (id) =>
          responseFor({
            inResponseTo: id,
            signResponse: false,
            tamper: (xml) => xml.replaceAll(teacher.username, admin.username),
          }),
      ],
      [
        'signature wrapping: a second, unsigned assertion',
        (id) => {
          const genuine = Buffer.from(responseFor({ inResponseTo: id }), 'base64').toString('utf8');
          const evil = buildAssertion({
            keys,
            uid: admin.username,
            audience: spEntityId,
            recipient: acs,
            inResponseTo: id,
          });
          return Buffer.from(genuine.replace('<samlp:Status>', `${evil}<samlp:Status>`)).toString(
            'base64',
          );
        },
      ],
      [
        'a wrong audience',
        (id) => responseFor({ inResponseTo: id, audience: 'https://annan-tjanst.example' }),
      ],
      [
        'a wrong recipient',
        (id) => responseFor({ inResponseTo: id, recipient: 'https://annan-tjanst.example/acs' }),
      ],
      [
        'a wrong destination',
        (id) => responseFor({ inResponseTo: id, destination: 'https://annan-tjanst.example/acs' }),
      ],
      [
        'an expired assertion',
        (id) =>
          responseFor({
            inResponseTo: id,
            notBeforeMs: -20 * 60_000,
            notOnOrAfterMs: -10 * 60_000,
          }),
      ],
      [
        'a not-yet-valid assertion',
        (id) =>
          responseFor({ inResponseTo: id, notBeforeMs: 10 * 60_000, notOnOrAfterMs: 20 * 60_000 }),
      ],
      ['an unknown InResponseTo', () => responseFor({ inResponseTo: '_okand-begaran' })],
      ['a response without InResponseTo', () => responseFor({})],
      [
        'a response signed by another key',
        (id) => responseFor({ inResponseTo: id, signingKeys: otherKeys }),
      ],
      ['a response signed with SHA-1', (id) => responseFor({ inResponseTo: id, sha1: true })],
      [
        'a response from another issuer',
        (id) => responseFor({ inResponseTo: id, issuer: 'https://falsk-idp.example' }),
      ],
      ['garbage', () => Buffer.from('inte alls xml').toString('base64')],
      ['a truncated response', (id) => responseFor({ inResponseTo: id }).slice(0, 600)],
      [
        'an XML bomb',
        () =>
          Buffer.from(
            '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol">&lol2;</samlp:Response>',
          ).toString('base64'),
      ],
      [
        'an account the portal does not have',
        (id) => responseFor({ inResponseTo: id, uid: 'okand.person' }),
        'unknown-user',
      ],
    ];

    for (const [name, build, reason] of cases) {
      it(name, async () => {
        const request = await startLogin();
        expectRefused(await postToAcs(build(request.id)), reason);
      });
    }

    it('a reused InResponseTo', async () => {
      const request = await startLogin();
      expect((await postToAcs(responseFor({ inResponseTo: request.id }))).headers.location).toBe(
        '/',
      );
      expectRefused(await postToAcs(responseFor({ inResponseTo: request.id })));
    });

    it('a disabled account, with its own message', async () => {
      const pupil = await buildUser(t, { role: 'role_student' });
      const asAdmin = await bearerClientOf(t, admin);
      const disabled = await asAdmin('POST', `/api/core/v1/user/${pupil.id}/disable`, {});
      expect(disabled.statusCode, disabled.body).toBe(200);
      const request = await startLogin();
      expectRefused(
        await postToAcs(responseFor({ inResponseTo: request.id, uid: pupil.username })),
        'disabled',
      );
    });

    it('a replayed assertion', async () => {
      const assertionId = '_assertion-used-once';
      const first = await startLogin();
      expect(
        (await postToAcs(responseFor({ inResponseTo: first.id, assertionId }))).headers.location,
      ).toBe('/');
      const second = await startLogin();
      expectRefused(
        await postToAcs(responseFor({ inResponseTo: second.id, assertionId })),
        'replayed',
      );
    });

    it('an oversized response with a 413, before parsing it', async () => {
      const response = await postToAcs('A'.repeat(600 * 1024));
      expect(response.statusCode).toBe(413);
    });

    it('a post without SAMLResponse with a 400', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/portal-service/v1/saml/acs',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'RelayState=%2F',
      });
      expect(response.statusCode).toBe(400);
    });
  });
});

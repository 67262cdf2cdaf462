import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type TestUser } from '../../../test/factories';
import { cookieHeaderFrom, createTestApp, type TestContext } from '../../../test/harness';
import {
  buildLogoutRequest,
  buildLogoutResponse,
  buildResponse,
  createIdpKeys,
  idpIssuer,
  readAuthnRequest,
  readRedirectMessage,
  redirectQuery,
  signedForPost,
  type TestIdpKeys,
} from '../../../test/saml-idp';

const publicUrl = 'http://portal.exempelby.test';
const saml = `${publicUrl}/api/portal-service/v1/saml`;
const idpSlo = 'https://idp.exempelby.test/slo';

let t: TestContext;
let keys: TestIdpKeys;
let otherKeys: TestIdpKeys;
let portalCert: string;
/** A teacher signed in through single sign-on in several browsers; an administrator as well. */
let teacher: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [keys, otherKeys] = await Promise.all([createIdpKeys(), createIdpKeys()]);
  t = await createTestApp({
    demo: false,
    env: {
      PUBLIC_URL: publicUrl,
      SAML_ENTRY_POINT: 'https://idp.exempelby.test/sso',
      SAML_LOGOUT_URL: idpSlo,
      SAML_IDP_CERT: keys.cert,
      SAML_IDP_ISSUER: idpIssuer,
    },
  });
  const metadata = await t.app.inject({ url: '/api/portal-service/v1/saml/metadata' });
  const body = /<ds:X509Certificate>([^<]+)</.exec(metadata.body)![1]!;
  portalCert = `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
  teacher = await buildUser(t);
  admin = await buildUser(t, { role: 'role_admin' });
});
afterAll(() => t.close());

/** Signs someone in through the ACS in a browser of their own; answers its Cookie header. */
async function ssoSignIn(uid: string, sessionIndex: string) {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/portal-service/v1/saml/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'redirect=%2F',
  });
  const request = readAuthnRequest(login.headers.location as string);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/portal-service/v1/saml/acs',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'https://idp.exempelby.test',
    },
    payload: `SAMLResponse=${encodeURIComponent(
      buildResponse({
        keys,
        uid,
        audience: `${saml}/metadata`,
        recipient: `${saml}/acs`,
        inResponseTo: request.id,
        sessionIndex,
      }),
    )}`,
  });
  expect(response.headers.location).toBe('/');
  return cookieHeaderFrom(response.cookies);
}

const signedIn = async (cookie: string) =>
  (await t.app.inject({ url: '/api/core/v1/user', headers: { cookie } })).statusCode === 200;

describe('logout started at the portal', () => {
  it('sends a signed LogoutRequest to the IdP and comes back to the login page', async () => {
    const cookie = await ssoSignIn(teacher.username, '_session-portal-logout');
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/portal-service/v1/saml/logout',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'redirectUrl=%2Flogin',
    });
    expect(await signedIn(cookie)).toBe(false);
    const sent = readRedirectMessage(logout.headers.location as string, portalCert);
    expect(sent).toMatchObject({
      at: idpSlo,
      kind: 'SAMLRequest',
      relayState: '/login',
      sigAlg: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      signatureHolds: true,
    });
    expect(sent.xml).toContain('_session-portal-logout');

    // The IdP ends its session and answers at the portal's single logout service.
    const back = await t.app.inject({
      url: `/api/portal-service/v1/saml/slo?${redirectQuery(
        'SAMLResponse',
        buildLogoutResponse({ inResponseTo: sent.id, destination: `${saml}/slo` }),
        '/login',
        keys,
      )}`,
    });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe('/login');
  });

  it('goes to the login page, never another site, whatever the answer says', async () => {
    const back = await t.app.inject({
      url: `/api/portal-service/v1/saml/slo?${redirectQuery(
        'SAMLResponse',
        buildLogoutResponse({ inResponseTo: '_okand', destination: `${saml}/slo` }),
        'https://phishing.example/',
        null,
      )}`,
    });
    expect(back.headers.location).toBe('/login');
  });
});

describe('logout started at the IdP', () => {
  it('ends the portal session of that SSO session (Redirect binding) and answers with a signed LogoutResponse', async () => {
    const classroom = await ssoSignIn(teacher.username, '_session-classroom');
    const atHome = await ssoSignIn(teacher.username, '_session-home');
    const request = buildLogoutRequest({
      nameId: teacher.username,
      sessionIndex: '_session-classroom',
      destination: `${saml}/slo`,
    });
    const response = await t.app.inject({
      url: `/api/portal-service/v1/saml/slo?${redirectQuery('SAMLRequest', request.xml, 'tillbaka', keys)}`,
    });
    expect(response.statusCode).toBe(303);
    expect(await signedIn(classroom)).toBe(false);
    expect(await signedIn(atHome)).toBe(true);
    const answer = readRedirectMessage(response.headers.location as string, portalCert);
    expect(answer).toMatchObject({
      at: idpSlo,
      kind: 'SAMLResponse',
      inResponseTo: request.id,
      relayState: 'tillbaka',
      signatureHolds: true,
    });
    expect(answer.xml).toContain('urn:oasis:names:tc:SAML:2.0:status:Success');
  });

  it('ends every session of the person when the request names no SessionIndex (POST binding)', async () => {
    const first = await ssoSignIn(admin.username, '_session-one');
    const second = await ssoSignIn(admin.username, '_session-two');
    const bystander = await ssoSignIn(teacher.username, '_session-bystander');
    const request = buildLogoutRequest({ nameId: admin.username, destination: `${saml}/slo` });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/portal-service/v1/saml/slo',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://idp.exempelby.test',
      },
      payload: `SAMLRequest=${encodeURIComponent(signedForPost(request.xml, keys))}`,
    });
    expect(response.statusCode).toBe(303);
    expect(readRedirectMessage(response.headers.location as string, portalCert).inResponseTo).toBe(
      request.id,
    );
    expect(await signedIn(first)).toBe(false);
    expect(await signedIn(second)).toBe(false);
    expect(await signedIn(bystander)).toBe(true);
  });

  describe('refuses, with a 400 and the session left alone,', () => {
    let cookie: string;
    beforeAll(async () => {
      cookie = await ssoSignIn(teacher.username, '_session-kept');
    });
    const request = () =>
      buildLogoutRequest({ nameId: teacher.username, destination: `${saml}/slo` }).xml;

    it.each([
      ['an unsigned LogoutRequest', () => redirectQuery('SAMLRequest', request(), null, null)],
      ['one signed by another key', () => redirectQuery('SAMLRequest', request(), null, otherKeys)],
      [
        'one signed with SHA-1',
        () =>
          redirectQuery(
            'SAMLRequest',
            request(),
            null,
            keys,
            'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
          ),
      ],
      [
        'one from another issuer',
        () =>
          redirectQuery(
            'SAMLRequest',
            buildLogoutRequest({
              nameId: teacher.username,
              destination: `${saml}/slo`,
              issuer: 'https://falsk-idp.example',
            }).xml,
            null,
            keys,
          ),
      ],
      ['a message that is neither', () => 'RelayState=%2F'],
    ])('%s', async (_name, query) => {
      const response = await t.app.inject({ url: `/api/portal-service/v1/saml/slo?${query()}` });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        'Utloggningen från skolans inloggning kunde inte verifieras.',
      );
      expect(await signedIn(cookie)).toBe(true);
    });

    it('a POSTed LogoutRequest signed by another key', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/portal-service/v1/saml/slo',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'https://idp.exempelby.test',
        },
        payload: `SAMLRequest=${encodeURIComponent(signedForPost(request(), otherKeys))}`,
      });
      expect(response.statusCode).toBe(400);
      expect(await signedIn(cookie)).toBe(true);
    });
  });
});

describe('a LogoutRequest from the IdP is taken once, while fresh', () => {
  const refusal = 'Utloggningen från skolans inloggning kunde inte verifieras.';
  const byRedirect = (query: string) =>
    t.app.inject({ url: `/api/portal-service/v1/saml/slo?${query}` });
  const byPost = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/portal-service/v1/saml/slo',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://idp.exempelby.test',
      },
      payload,
    });
  const request = (nameId: string, times: { issueInstantMs?: number; notOnOrAfterMs?: number }) =>
    buildLogoutRequest({ nameId, destination: `${saml}/slo`, ...times }).xml;

  it('refuses a replayed Redirect LogoutRequest: the session signed in after the first one stays', async () => {
    const { username } = await buildUser(t);
    const before = await ssoSignIn(username, '_session-before-redirect');
    const captured = redirectQuery('SAMLRequest', request(username, {}), null, keys);
    expect((await byRedirect(captured)).statusCode).toBe(303);
    expect(await signedIn(before)).toBe(false);

    const after = await ssoSignIn(username, '_session-after-redirect');
    const replay = await byRedirect(captured);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(refusal);
    expect(await signedIn(after)).toBe(true);
  });

  it('refuses a replayed POST LogoutRequest: the session signed in after the first one stays', async () => {
    const { username } = await buildUser(t);
    const before = await ssoSignIn(username, '_session-before-post');
    const captured = `SAMLRequest=${encodeURIComponent(signedForPost(request(username, {}), keys))}`;
    expect((await byPost(captured)).statusCode).toBe(303);
    expect(await signedIn(before)).toBe(false);

    const after = await ssoSignIn(username, '_session-after-post');
    const replay = await byPost(captured);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(refusal);
    expect(await signedIn(after)).toBe(true);
  });

  it('takes one issued eight minutes ago', async () => {
    const { username } = await buildUser(t);
    const cookie = await ssoSignIn(username, '_session-eight-minutes');
    const response = await byRedirect(
      redirectQuery('SAMLRequest', request(username, { issueInstantMs: -8 * 60_000 }), null, keys),
    );
    expect(response.statusCode).toBe(303);
    expect(await signedIn(cookie)).toBe(false);
  });

  it.each([
    ['issued twenty minutes ago, without NotOnOrAfter', { issueInstantMs: -20 * 60_000 }],
    [
      'issued twenty minutes ago, though its NotOnOrAfter is still ahead',
      { issueInstantMs: -20 * 60_000, notOnOrAfterMs: 10 * 60_000 },
    ],
    ['past its NotOnOrAfter', { issueInstantMs: -3 * 60_000, notOnOrAfterMs: -2 * 60_000 }],
    ['issued ten minutes from now', { issueInstantMs: 10 * 60_000 }],
  ])('refuses one %s, and ends nothing', async (_name, times) => {
    const { username } = await buildUser(t);
    const cookie = await ssoSignIn(username, `_session-${randomUUID()}`);
    const redirect = await byRedirect(
      redirectQuery('SAMLRequest', request(username, times), null, keys),
    );
    expect(redirect.statusCode).toBe(400);
    expect(redirect.json().message).toBe(refusal);
    const post = await byPost(
      `SAMLRequest=${encodeURIComponent(signedForPost(request(username, times), keys))}`,
    );
    expect(post.statusCode).toBe(400);
    expect(await signedIn(cookie)).toBe(true);
  });
});

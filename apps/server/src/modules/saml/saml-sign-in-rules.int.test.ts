import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type TestUser } from '../../../test/factories';
import {
  cookieHeaderFrom,
  createTestApp,
  testCookieNames as cookies,
  type TestContext,
} from '../../../test/harness';
import {
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
const idpEnv = (keys: TestIdpKeys) => ({
  PUBLIC_URL: publicUrl,
  SAML_ENTRY_POINT: 'https://idp.exempelby.test/sso',
  SAML_IDP_CERT: keys.cert,
  SAML_IDP_ISSUER: idpIssuer,
});

let keys: TestIdpKeys;
beforeAll(async () => {
  keys = await createIdpKeys();
});

async function startLogin(t: TestContext) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/portal-service/v1/saml/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'redirect=%2Fprofile%2Finfo',
  });
  return readAuthnRequest(response.headers.location as string);
}

function postToAcs(t: TestContext, samlResponse: string, relayState = '/profile/info') {
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

/** Who the portal signed in, or where it sent the browser instead. */
async function signedInAs(response: Awaited<ReturnType<typeof postToAcs>>) {
  if (!response.cookies.some((cookie) => cookie.name === cookies.session)) {
    return { refused: response.headers.location };
  }
  return { uid: response.headers.location };
}

/** An answer from the IdP, for `uid` unless the options name someone else. */
function answer(uid: string, options: Partial<ResponseOptions> & { inResponseTo?: string }) {
  return buildResponse({ keys, uid, audience: spEntityId, recipient: acs, ...options });
}

/** The account the portal signed in with this response. */
async function uidSignedIn(t: TestContext, response: Awaited<ReturnType<typeof postToAcs>>) {
  const me = await t.app.inject({
    url: '/api/core/v1/user',
    headers: { cookie: cookieHeaderFrom(response.cookies) },
  });
  return me.json().uid as string;
}

describe('SAML sign-in as real IdPs send it (default settings)', () => {
  let t: TestContext;
  /** The teacher who signs in; an administrator a tampered assertion would name instead. */
  let teacher: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp({
      demo: false,
      env: { ...idpEnv(keys), SAML_USER_ID_SCOPE: '@skola.exempelby.se' },
    });
    teacher = await buildUser(t);
    admin = await buildUser(t, { role: 'role_admin' });
  });
  afterAll(() => t.close());

  async function signIn(options: Partial<ResponseOptions>) {
    const request = await startLogin(t);
    return postToAcs(t, answer(teacher.username, { inResponseTo: request.id, ...options }));
  }

  it('takes an assertion signed on its own (ADFS, Entra ID) and a response signed as a whole (Shibboleth)', async () => {
    const assertionOnly = await signIn({ signResponse: false });
    expect(await signedInAs(assertionOnly)).toEqual({ uid: '/profile/info' });
    const responseOnly = await signIn({ signAssertion: false });
    expect(await signedInAs(responseOnly)).toEqual({ uid: '/profile/info' });
    expect(await uidSignedIn(t, responseOnly)).toBe(teacher.username);
  });

  it('still refuses an assertion no signature covers, and a tampered one', async () => {
    expect(await signedInAs(await signIn({ signResponse: false, signAssertion: false }))).toEqual({
      refused: '/login?ssoError=invalid',
    });
    const tampered = await signIn({
      signResponse: false,
      tamper: (xml) => xml.replaceAll(teacher.username, admin.username),
    });
    expect(await signedInAs(tampered)).toEqual({ refused: '/login?ssoError=invalid' });
  });

  it('matches the user id whatever its letter case, with the configured scope taken off', async () => {
    const response = await signIn({
      attributes: [{ name: 'uid', value: `${teacher.username.toUpperCase()}@Skola.Exempelby.se` }],
    });
    expect(await signedInAs(response)).toEqual({ uid: '/profile/info' });
    expect(await uidSignedIn(t, response)).toBe(teacher.username);
  });

  it('finds the attribute by its OID or friendly name', async () => {
    const byOid = await signIn({
      attributes: [
        { name: 'urn:oid:2.5.4.42', friendlyName: 'givenName', value: teacher.firstName },
        { name: 'urn:oid:0.9.2342.19200300.100.1.1', value: teacher.username },
      ],
    });
    expect(await signedInAs(byOid)).toEqual({ uid: '/profile/info' });
  });

  it('refuses an id scoped to another organisation as an unknown account', async () => {
    const response = await signIn({
      attributes: [{ name: 'uid', value: `${teacher.username}@annan-kommun.se` }],
    });
    expect(await signedInAs(response)).toEqual({ refused: '/login?ssoError=unknown-user' });
  });

  it('tells a missing attribute (a setting on one side) apart from an unknown account', async () => {
    const response = await signIn({
      attributes: [
        {
          name: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/upn',
          value: teacher.username,
        },
      ],
    });
    expect(await signedInAs(response)).toEqual({ refused: '/login?ssoError=misconfigured' });
  });

  it('refuses an id that matches two accounts but for letter case as a setting to fix', async () => {
    const lower = await buildUser(t);
    await buildUser(t, { username: lower.username.toUpperCase() });
    expect(await signedInAs(await signIn({ uid: lower.username }))).toEqual({
      refused: '/login?ssoError=misconfigured',
    });
  });

  it('offers the role choice after a single sign-on, as after the password form', async () => {
    const response = await signIn({});
    const offer = response.cookies.find((cookie) => cookie.name === cookies.chooseRole);
    expect(offer).toMatchObject({ value: '1', path: '/', sameSite: 'Lax' });
    expect(offer?.httpOnly).toBeFalsy();
    expect(offer?.maxAge).toBeLessThanOrEqual(300);
  });

  it('refuses a sign-in the IdP started itself: it is off by default', async () => {
    expect(await signedInAs(await postToAcs(t, answer(teacher.username, {})))).toEqual({
      refused: '/login?ssoError=invalid',
    });
  });
});

describe('SAML sign-in with the strict settings an operator may choose', () => {
  let t: TestContext;
  let teacher: TestUser;
  beforeAll(async () => {
    t = await createTestApp({
      demo: false,
      env: {
        ...idpEnv(keys),
        SAML_IDP_INITIATED: 'true',
        SAML_USER_ATTRIBUTE: 'eduPersonPrincipalName',
        SAML_USER_ID_IGNORE_CASE: 'false',
      },
    });
    teacher = await buildUser(t);
  });
  afterAll(() => t.close());

  const eppn = (value: string) => [
    { name: 'urn:oid:1.3.6.1.4.1.5923.1.1.1.6', friendlyName: 'eduPersonPrincipalName', value },
  ];

  it('accepts a sign-in started at the IdP (an app tile) once, and never its replay', async () => {
    const unsolicited = answer(teacher.username, { attributes: eppn(teacher.username) });
    expect(await signedInAs(await postToAcs(t, unsolicited, ''))).toEqual({ uid: '/' });
    expect(await signedInAs(await postToAcs(t, unsolicited, ''))).toEqual({
      refused: '/login?ssoError=replayed',
    });
  });

  it('matches exactly when told to', async () => {
    const request = await startLogin(t);
    const response = await postToAcs(
      t,
      answer(teacher.username, {
        inResponseTo: request.id,
        attributes: eppn(teacher.username.toUpperCase()),
      }),
    );
    expect(await signedInAs(response)).toEqual({ refused: '/login?ssoError=unknown-user' });
  });

  it('signs the exact id in beside one that differs only in letter case', async () => {
    const lower = await buildUser(t);
    await buildUser(t, { username: lower.username.toUpperCase() });
    const request = await startLogin(t);
    const response = await postToAcs(
      t,
      answer(lower.username, { inResponseTo: request.id, attributes: eppn(lower.username) }),
    );
    expect(await signedInAs(response)).toEqual({ uid: '/profile/info' });
    expect(await uidSignedIn(t, response)).toBe(lower.username);
  });
});

import { sv } from '@skolportalen/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { auditLog, tokens } from '../src/db/schema';
import { buildUser, testPassword } from './factories';
import { cookieHeaderFrom, createTestApp, type TestContext } from './harness';
import {
  buildResponse,
  createIdpKeys,
  idpIssuer,
  readAuthnRequest,
  type TestIdpKeys,
} from './saml-idp';

/**
 * PASSWORD_SIGN_IN=off (ASVS 6.3.3): no single-factor way in is left; people
 * sign in through SSO, where the municipality's identity provider asks for MFA.
 */
const publicUrl = 'http://portal.exempelby.test';
let t: TestContext;
let keys: TestIdpKeys;

beforeAll(async () => {
  keys = await createIdpKeys();
  t = await createTestApp({
    demo: false,
    env: {
      PUBLIC_URL: publicUrl,
      SAML_ENTRY_POINT: 'https://idp.exempelby.test/sso',
      SAML_IDP_CERT: keys.cert,
      SAML_IDP_ISSUER: idpIssuer,
      PASSWORD_SIGN_IN: 'off',
    },
  });
  await buildUser(t, { role: 'role_admin', username: 'eva.andersson' });
});
afterAll(() => t.close());

const tokenCount = async () => (await t.db.select({ n: count() }).from(tokens))[0]!.n;

describe('password sign-in turned off', () => {
  it('is on by default, and cannot be off without single sign-on', () => {
    expect(loadConfig({}).passwordSignIn).toBe(true);
    expect(() => loadConfig({ PASSWORD_SIGN_IN: 'off' })).toThrow(/SAML_ENTRY_POINT/);
    expect(() => loadConfig({ PASSWORD_SIGN_IN: 'nej' })).toThrow(/PASSWORD_SIGN_IN/);
  });

  it('tells the login page to leave out the password form', async () => {
    const config = await t.app.inject({ url: '/api/portal-service/v1/saml/config' });
    expect(config.json()).toEqual({
      enabled: true,
      label: sv.sso.button,
      providers: [],
      passwordSignIn: false,
    });
  });

  it('refuses the right password with 403 and a Swedish message, and issues nothing', async () => {
    const before = await tokenCount();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/core/v1/user/login',
      payload: { username: 'eva.andersson', password: testPassword },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'PASSWORD_SIGN_IN_OFF',
      message: sv.login.passwordSignInOff,
    });
    expect(response.cookies).toEqual([]);
    expect(await tokenCount()).toBe(before);
    const signIns = await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.action, 'session.login'));
    expect(signIns[0]!.n).toBe(0);
  });

  it('still lets people in through single sign-on', async () => {
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/portal-service/v1/saml/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'redirect=%2F',
    });
    const request = readAuthnRequest(start.headers.location as string);
    const samlResponse = buildResponse({
      keys,
      uid: 'eva.andersson',
      audience: `${publicUrl}/api/portal-service/v1/saml/metadata`,
      recipient: `${publicUrl}/api/portal-service/v1/saml/acs`,
      inResponseTo: request.id,
    });
    const acs = await t.app.inject({
      method: 'POST',
      url: '/api/portal-service/v1/saml/acs',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://idp.exempelby.test',
      },
      payload: `SAMLResponse=${encodeURIComponent(samlResponse)}&RelayState=%2F`,
    });
    expect(acs.statusCode).toBe(303);
    expect(acs.headers.location).toBe('/');
    const cookie = cookieHeaderFrom(acs.cookies);
    const me = await t.app.inject({ url: '/api/core/v1/user', headers: { cookie } });
    expect(me.json().uid).toBe('eva.andersson');
  });
});

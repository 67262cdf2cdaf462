import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cookieHeaderFrom, createTestApp, type TestContext } from '../../../test/harness';
import { buildUser } from '../../../test/factories';
import { startTestOidcProvider, type TestOidcProvider } from '../../../test/oidc-test-provider';

const publicUrl = 'http://portal.exempelby.test';
const oidc = '/api/portal-service/v1/oidc/personal';

let t: TestContext;
let provider: TestOidcProvider;

beforeAll(async () => {
  provider = await startTestOidcProvider(publicUrl, 'personal');
  t = await createTestApp({
    demo: false,
    env: {
      PUBLIC_URL: publicUrl,
      OIDC_PROVIDERS: 'personal',
      OIDC_PERSONAL_ISSUER: provider.issuer,
      OIDC_PERSONAL_CLIENT_ID: provider.clientId,
      OIDC_PERSONAL_CLIENT_SECRET: provider.clientSecret,
      OIDC_PERSONAL_LABEL: 'Logga in som personal',
      OIDC_PERSONAL_USER_ID_SCOPE: '@skola.exempelby.se',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

async function startSignIn(redirect = '/kurser') {
  const started = await t.app.inject({
    method: 'POST',
    url: `${oidc}/login`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `redirect=${encodeURIComponent(redirect)}`,
  });
  expect(started.statusCode, started.body).toBe(303);
  return started.headers.location as string;
}

/** The portal's answer when the provider sends the browser back to it. */
const callback = (url: URL) => t.app.inject({ url: `${url.pathname}${url.search}` });

async function signIn(login: string, redirect?: string) {
  const back = await callback(await provider.signIn(await startSignIn(redirect), login));
  expect(back.statusCode, back.body).toBe(303);
  return { cookie: cookieHeaderFrom(back.cookies), location: back.headers.location };
}

const whoIs = async (cookie: string) =>
  (await t.app.inject({ url: '/api/core/v1/user', headers: { cookie } })).json() as {
    uid?: string;
  };

describe('sign-in with an OpenID Connect provider', () => {
  it('lists the provider as a button of the login page', async () => {
    const options = await t.app.inject({ url: '/api/portal-service/v1/saml/config' });
    expect(options.json()).toMatchObject({
      enabled: false,
      providers: [{ key: 'personal', label: 'Logga in som personal' }],
    });
  });

  it('sends the browser to the provider with PKCE (S256), a state and a nonce', async () => {
    const url = new URL(await startSignIn());
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(`${publicUrl}${oidc}/callback`);
  });

  it('signs the person in, scope taken off and letter case ignored, and returns to the page asked for', async () => {
    const user = await buildUser(t, { username: 'eva.oidc' });
    const { cookie, location } = await signIn('Eva.OIDC@skola.exempelby.se');
    expect(location).toBe('/kurser');
    expect(await whoIs(cookie)).toMatchObject({ uid: user.username });
  });

  it('returns to exactly the reading page asked for, query and all, with a 303', async () => {
    const user = await buildUser(t, { username: 'ida.oidc' });
    for (const address of [
      '/nyhet/utflykt-till-naturhistoriska-museet-med-3a?visa=kommentarer&sida=2',
      '/sida/om-skolan?flik=%C3%A5rskurs%203',
      '/kurs/planera-tillsammans?boka=1',
    ]) {
      const { cookie, location } = await signIn('ida.oidc@skola.exempelby.se', address);
      expect(location).toBe(address);
      expect(await whoIs(cookie)).toMatchObject({ uid: user.username });
    }
  });

  it('signs in all the same with a way back too long to carry, to the start page', async () => {
    const user = await buildUser(t, { username: 'vera.oidc' });
    const { cookie, location } = await signIn(
      'vera.oidc@skola.exempelby.se',
      `/sok?q=${'a'.repeat(2100)}`,
    );
    expect(location).toBe('/');
    expect(await whoIs(cookie)).toMatchObject({ uid: user.username });
  });

  it('never returns to another site, however the address is disguised', async () => {
    await buildUser(t, { username: 'ola.oidc' });
    for (const hostile of [
      'https://phishing.example/',
      '//evil.example/nyhet/x',
      '/\\evil.example',
      '/..//evil.example',
      'javascript:alert(1)',
    ]) {
      const { location } = await signIn('ola.oidc@skola.exempelby.se', hostile);
      expect(location, hostile).toBe('/');
    }
  });

  it('uses a state once: the same answer again is refused', async () => {
    await buildUser(t, { username: 'per.oidc' });
    const back = await provider.signIn(await startSignIn(), 'per.oidc@skola.exempelby.se');
    expect((await callback(back)).statusCode).toBe(303);
    const again = await callback(back);
    expect(again.headers.location).toBe('/login?ssoError=invalid');
    expect(again.cookies).toHaveLength(0);
  });

  it('refuses an answer to a sign-in the portal did not start (a forged state)', async () => {
    const back = await provider.signIn(await startSignIn(), 'per.oidc@skola.exempelby.se');
    back.searchParams.set('state', 'a-state-nobody-made');
    expect((await callback(back)).headers.location).toBe('/login?ssoError=invalid');
  });

  it('refuses an ID token whose nonce is not the one the portal sent', async () => {
    await buildUser(t, { username: 'nils.oidc' });
    // Someone on the way swaps the nonce: the provider signs the one it was given, and the
    // code still fits the portal's PKCE verifier, so only the nonce tells.
    const asked = new URL(await startSignIn());
    asked.searchParams.set('nonce', 'en-annan-nonce-an-portalens');
    const back = await callback(await provider.signIn(asked.href, 'nils.oidc@skola.exempelby.se'));
    expect(back.headers.location).toBe('/login?ssoError=invalid');
    expect(back.cookies).toHaveLength(0);
  });

  it('refuses a code the provider no longer takes (expired)', async () => {
    await buildUser(t, { username: 'ture.oidc' });
    const back = await provider.signIn(await startSignIn(), 'ture.oidc@skola.exempelby.se');
    // The provider's codes live a minute; the portal's sign-in request lives longer.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 60_000 });
    try {
      const answer = await callback(back);
      expect(answer.headers.location).toBe('/login?ssoError=invalid');
      expect(answer.cookies).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses someone without an account, and an id of another scope', async () => {
    for (const login of ['ingen.alls@skola.exempelby.se', 'eva.oidc@annan.kommun.se']) {
      const back = await callback(await provider.signIn(await startSignIn(), login));
      expect(back.headers.location).toBe('/login?ssoError=unknown-user');
    }
  });

  it('tells a cancelled sign-in apart', async () => {
    const back = await t.app.inject({
      url: `${oidc}/callback?error=access_denied&state=x`,
    });
    expect(back.headers.location).toBe('/login?ssoError=cancelled');
  });

  it('answers 404 with a Swedish message for a provider that is not configured', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/portal-service/v1/oidc/okand/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'redirect=%2F',
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toMatch(/inloggningstjänsten finns inte/);
  });

  it('logs out at the provider too, with the ID token as hint, back to the login page', async () => {
    await buildUser(t, { username: 'lisa.oidc' });
    const { cookie } = await signIn('lisa.oidc@skola.exempelby.se');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/portal-service/v1/saml/logout',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(out.statusCode).toBe(303);
    const endSession = new URL(out.headers.location as string);
    expect(endSession.origin).toBe(provider.issuer);
    expect(endSession.searchParams.get('id_token_hint')).toBeTruthy();
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${publicUrl}/login`);
    expect((await whoIs(cookie)).uid).toBeUndefined();
  });
});

describe("the provider's back-channel logout", () => {
  const post = (logoutToken: string) =>
    t.app.inject({
      method: 'POST',
      url: `${oidc}/backchannel-logout`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: provider.issuer,
      },
      payload: `logout_token=${encodeURIComponent(logoutToken)}`,
    });

  it('ends every portal session of that person, once; a replay and a forged token are refused', async () => {
    await buildUser(t, { username: 'olof.oidc' });
    const first = await signIn('olof.oidc@skola.exempelby.se');
    const second = await signIn('olof.oidc@skola.exempelby.se');
    const sub = 'olof.oidc@skola.exempelby.se';

    const forged = await post(await provider.logoutToken({ sub }, { key: 'foreign' }));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toMatch(/kunde inte verifieras/);
    expect((await whoIs(first.cookie)).uid).toBe('olof.oidc');

    const token = await provider.logoutToken({ sub });
    const ended = await post(token);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.headers['cache-control']).toBe('no-store');
    expect((await whoIs(first.cookie)).uid).toBeUndefined();
    expect((await whoIs(second.cookie)).uid).toBeUndefined();
    expect((await post(token)).statusCode).toBe(400);
  });

  it('refuses a token without the logout event, or with a nonce', async () => {
    const withoutEvent = await provider.logoutToken({ sub: 'x', events: {} });
    expect((await post(withoutEvent)).statusCode).toBe(400);
    const withNonce = await provider.logoutToken({ sub: 'x', nonce: 'n' });
    expect((await post(withNonce)).statusCode).toBe(400);
  });

  it('takes a token signed with a key the provider rotated in', async () => {
    await buildUser(t, { username: 'karl.oidc' });
    const { cookie } = await signIn('karl.oidc@skola.exempelby.se');
    expect((await whoIs(cookie)).uid).toBe('karl.oidc');
    await provider.rotateKeys();
    // The key set is fetched again for an unknown key, but not more than once in 30 seconds.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 31_000);
      const token = await provider.logoutToken({ sub: 'karl.oidc@skola.exempelby.se' });
      const ended = await post(token);
      expect(ended.statusCode, ended.body).toBe(200);
    } finally {
      vi.useRealTimers();
    }
    expect((await whoIs(cookie)).uid).toBeUndefined();
  });
});

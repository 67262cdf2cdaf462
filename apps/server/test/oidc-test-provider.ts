import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (oidc-provider from npm) on a port of this
 * machine, for the portal's OIDC tests: discovery, PKCE, the code flow with
 * its own login and consent screens, RP-initiated logout and back-channel
 * logout. Its signing keys can be rotated while it runs.
 */
export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Signs in at the provider as `login` from an authorization URL; answers the portal's callback URL. */
  signIn(authorizationUrl: string, login: string): Promise<URL>;
  /** A logout token as the provider would post it (OIDC Back-Channel Logout §2.4). */
  logoutToken(
    claims: Record<string, unknown>,
    options?: { key?: 'current' | 'foreign' },
  ): Promise<string>;
  /** Publishes a new signing key first in the JWKS, the old one after it. */
  rotateKeys(): Promise<void>;
  close(): Promise<void>;
}

async function signingKey() {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = {
    ...(await exportJWK(privateKey)),
    alg: 'RS256',
    use: 'sig',
    kid: crypto.randomUUID(),
  };
  return { jwk, privateKey };
}

/** How the provider knows the portal: the client registered there. */
export const testOidcClient = { id: 'skolportalen', secret: 'en-hemlighet-som-bara-testet-vet' };

/** `port` 0 (the default) takes any free port; the end-to-end harness gives a fixed one. */
export async function startTestOidcProvider(
  portalUrl: string,
  key: string,
  port = 0,
): Promise<TestOidcProvider> {
  // The issuer names the port, so the server listens before the provider exists; a request
  // that comes in meanwhile (a readiness check) waits for it instead of hanging unanswered.
  let providerReady!: () => void;
  const built = new Promise<void>((resolve) => (providerReady = resolve));
  const server: Server = createServer((request, response) => {
    void built.then(() => handler(request, response));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://localhost:${(server.address() as AddressInfo).port}`;
  const { id: clientId, secret: clientSecret } = testOidcClient;
  const portalOidc = `${portalUrl}/api/portal-service/v1/oidc/${key}`;
  let keys = [await signingKey()];
  const foreign = await signingKey();

  const build = () =>
    new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: [`${portalOidc}/callback`],
          post_logout_redirect_uris: [`${portalUrl}/login`],
          backchannel_logout_uri: `${portalOidc}/backchannel-logout`,
          backchannel_logout_session_required: true,
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      jwks: { keys: keys.map((entry) => entry.jwk as JWK) },
      pkce: { required: () => true },
      claims: { openid: ['sub'], profile: ['preferred_username', 'name'] },
      findAccount: async (_ctx, sub) => ({
        accountId: sub,
        claims: async () => ({ sub, preferred_username: sub }),
      }),
      features: {
        devInteractions: { enabled: true },
        backchannelLogout: { enabled: true },
        rpInitiatedLogout: { enabled: true },
      },
      // The portal asks for profile claims in the ID token itself.
      conformIdTokenClaims: false,
      // The provider refuses to post to loopback addresses (its SSRF guard); here the portal
      // it posts back-channel logouts to is on this machine.
      fetch: (url, init) => {
        const { dispatcher: _ssrfGuard, ...options } = (init ?? {}) as RequestInit & {
          dispatcher?: unknown;
        };
        return globalThis.fetch(url, options);
      },
    });
  /** A back-channel logout the portal refused is a failure the test should see, not a silent one. */
  const reportBackChannelErrors = (built: Provider) =>
    built.on('backchannel.error', (_ctx, error: Error) =>
      console.error(
        `oidc-provider: back-channel logout failed: ${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}`,
      ),
    );
  let provider = build();
  reportBackChannelErrors(provider);
  let handler = provider.callback();
  providerReady();

  /** Follows the provider's redirects as a browser would, with its cookies, until it leaves for the portal. */
  async function signIn(authorizationUrl: string, login: string): Promise<URL> {
    const jar = new Map<string, string>();
    const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const remember = (response: Response) => {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        jar.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
    };
    let url = new URL(authorizationUrl);
    let form: string | null = null;
    for (let step = 0; step < 12; step += 1) {
      if (!url.href.startsWith(issuer)) return url;
      const response: Response = await fetch(url, {
        method: form ? 'POST' : 'GET',
        redirect: 'manual',
        headers: {
          cookie: cookieHeader(),
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: form ?? undefined,
      });
      remember(response);
      form = null;
      const location = response.headers.get('location');
      if (location) {
        url = new URL(location, url);
        continue;
      }
      const page: string = await response.text();
      if (response.status !== 200 || !/\/interaction\//.test(url.pathname)) {
        throw new Error(
          `the provider answered ${response.status} at ${url.pathname}: ${page.slice(0, 300)}`,
        );
      }
      form = /name="prompt" value="login"/.test(page)
        ? new URLSearchParams({ prompt: 'login', login, password: 'vad som helst' }).toString()
        : new URLSearchParams({ prompt: 'consent' }).toString();
    }
    throw new Error('the provider never sent the browser back');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    signIn,
    async logoutToken(claims, options = {}) {
      const key = options.key === 'foreign' ? foreign : keys[0]!;
      return new SignJWT({
        events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
        jti: crypto.randomUUID(),
        ...claims,
      })
        .setProtectedHeader({ alg: 'RS256', kid: key.jwk.kid, typ: 'logout+jwt' })
        .setIssuer(issuer)
        .setAudience(clientId)
        .setIssuedAt()
        .sign(key.privateKey);
    },
    async rotateKeys() {
      keys = [await signingKey(), ...keys];
      provider = build();
      reportBackChannelErrors(provider);
      handler = provider.callback();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

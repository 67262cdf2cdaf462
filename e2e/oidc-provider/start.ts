/**
 * oidc-provider from npm as the end-to-end suite's OpenID Connect provider: an
 * implementation nobody here wrote, with its own login and consent pages
 * (any password is taken; the login is the portal's user id). It knows the
 * single sign-on project's portal as the client `skolportalen` and posts its
 * back-channel logouts there.
 */
import { startTestOidcProvider } from '../../apps/server/test/oidc-test-provider';

const port = Number(process.env.OIDC_PORT ?? 3153);
const portalUrl = process.env.PORTAL_URL ?? 'http://localhost:3102';
const key = process.env.OIDC_KEY ?? 'skolid';

const provider = await startTestOidcProvider(portalUrl, key, port);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void provider.close().finally(() => process.exit(0));
  });
}

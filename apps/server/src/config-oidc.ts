import { z } from 'zod';
import { ConfigError } from './config-sections';

/**
 * OpenID Connect providers (Entra ID for staff, an e-ID broker for guardians…):
 * `OIDC_PROVIDERS=entra,bankid` names them, and each has its settings under its
 * own upper-case name, `OIDC_ENTRA_ISSUER`, `OIDC_ENTRA_CLIENT_ID`… The login
 * page shows one button per provider, in this order.
 */
const providerKey = /^[a-z][a-z0-9-]{0,30}$/;

const providerSettings = z.object({
  ISSUER: z.string().url(),
  CLIENT_ID: z.string().min(1).max(500),
  /** Without a secret the portal is a public client: PKCE alone proves the code is its own. */
  CLIENT_SECRET: z.string().min(1).max(2000).optional(),
  LABEL: z.string().min(1).max(60).optional(),
  SCOPES: z.string().min(1).max(500).default('openid profile email'),
  /** The claim holding the portal's user id (users.uid). */
  USER_CLAIM: z.string().min(1).max(200).default('preferred_username'),
  USER_ID_IGNORE_CASE: z.enum(['true', 'false']).default('true'),
  USER_ID_SCOPE: z
    .string()
    .regex(/^@[^\s@]+$/, 'a scope starting with @, e.g. @skola.exempelby.se')
    .optional(),
});

export interface OidcProviderConfig {
  key: string;
  label: string;
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  scopes: string;
  userClaim: string;
  userIdIgnoreCase: boolean;
  /** Taken off the end of the user id (`@skola.exempelby.se`); an id with another scope is refused. */
  userIdScope: string | null;
  /** Where the provider sends the browser back, and where it posts back-channel logouts. */
  redirectUri: string;
  backChannelLogoutUri: string;
  postLogoutRedirectUri: string;
}

export function oidcProvidersConfig(
  env: Record<string, string | undefined>,
  publicUrl: string,
): OidcProviderConfig[] {
  const keys = (env.OIDC_PROVIDERS ?? '')
    .split(',')
    .map((key) => key.trim().toLowerCase())
    .filter(Boolean);
  const problems: string[] = [];
  const providers: OidcProviderConfig[] = [];
  for (const key of new Set(keys)) {
    if (!providerKey.test(key)) {
      problems.push(
        `OIDC_PROVIDERS: "${key}" is not a name (a-z, 0-9 and -, starting with a letter)`,
      );
      continue;
    }
    const prefix = `OIDC_${key.toUpperCase().replace(/-/g, '_')}_`;
    const own = Object.fromEntries(
      Object.entries(env)
        .filter(([name]) => name.startsWith(prefix))
        .map(([name, value]) => [name.slice(prefix.length), value]),
    );
    const parsed = providerSettings.safeParse(own);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        problems.push(`${prefix}${issue.path.join('.')}: ${issue.message}`);
      continue;
    }
    const values = parsed.data;
    const base = `${publicUrl}/api/portal-service/v1/oidc/${key}`;
    providers.push({
      key,
      label: values.LABEL ?? `Logga in med ${key}`,
      issuer: values.ISSUER,
      clientId: values.CLIENT_ID,
      clientSecret: values.CLIENT_SECRET ?? null,
      scopes: values.SCOPES.split(/\s+/).includes('openid')
        ? values.SCOPES
        : `openid ${values.SCOPES}`,
      userClaim: values.USER_CLAIM,
      userIdIgnoreCase: values.USER_ID_IGNORE_CASE === 'true',
      userIdScope: values.USER_ID_SCOPE ?? null,
      redirectUri: `${base}/callback`,
      backChannelLogoutUri: `${base}/backchannel-logout`,
      postLogoutRedirectUri: `${publicUrl}/login`,
    });
  }
  if (problems.length) {
    throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
  return providers;
}

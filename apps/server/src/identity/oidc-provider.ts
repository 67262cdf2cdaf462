import * as client from 'openid-client';
import { createRemoteJWKSet } from 'jose';
import type { OidcProviderConfig } from '../config';

export interface OidcProvider {
  settings: OidcProviderConfig;
  /** The provider's discovered metadata and the portal's client registration there. */
  configuration(): Promise<client.Configuration>;
  /** The provider's signing keys: fetched again when a token names a key not seen before (rotation). */
  keys(): Promise<ReturnType<typeof createRemoteJWKSet>>;
  /** Where a form post may be sent on to (sign-in and logout): the issuer and, once discovered, its endpoints. */
  formTargets(): string[];
}

/** Plain http is accepted only for a provider on this machine (a test or a local broker). */
const isLoopback = (issuer: string) =>
  ['localhost', '127.0.0.1', '[::1]'].includes(new URL(issuer).hostname);

/**
 * One provider: discovery (`/.well-known/openid-configuration`) happens on the
 * first sign-in and again after a failure, so a provider that is down at start
 * does not stop the portal, and one that comes back is used again.
 */
export function oidcProvider(settings: OidcProviderConfig): OidcProvider {
  let discovered: Promise<client.Configuration> | null = null;
  let keySet: ReturnType<typeof createRemoteJWKSet> | null = null;
  let endpoints: string[] = [];
  const configuration = () => {
    discovered ??= client
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret ?? undefined,
        settings.clientSecret ? client.ClientSecretBasic(settings.clientSecret) : client.None(),
        isLoopback(settings.issuer) ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .then((found) => {
        const metadata = found.serverMetadata();
        endpoints = [metadata.authorization_endpoint, metadata.end_session_endpoint].filter(
          (url): url is string => Boolean(url),
        );
        return found;
      })
      .catch((error: unknown) => {
        discovered = null;
        throw error;
      });
    return discovered;
  };
  return {
    settings,
    configuration,
    formTargets: () => [settings.issuer, ...endpoints],
    async keys() {
      if (keySet) return keySet;
      const jwksUri = (await configuration()).serverMetadata().jwks_uri;
      if (!jwksUri) throw new Error(`${settings.issuer} publishes no jwks_uri`);
      keySet = createRemoteJWKSet(new URL(jwksUri));
      return keySet;
    },
  };
}

export type OidcProviders = ReadonlyMap<string, OidcProvider>;

export function oidcProviders(settings: readonly OidcProviderConfig[]): OidcProviders {
  return new Map(settings.map((provider) => [provider.key, oidcProvider(provider)]));
}

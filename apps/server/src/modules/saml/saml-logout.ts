import type { SAML } from '@node-saml/node-saml';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ssoSessions } from '../../db/schema';

/**
 * Where to send the browser to end the IdP session too: a LogoutRequest for
 * the SSO sign-in of this session, or null when it had none.
 */
export async function idpLogoutUrl(
  db: Executor,
  client: SAML,
  tokenIds: readonly string[],
  relayState: string,
): Promise<string | null> {
  if (tokenIds.length === 0) return null;
  const [session] = await db
    .select()
    .from(ssoSessions)
    .where(inArray(ssoSessions.tokenId, [...tokenIds]));
  if (!session) return null;
  return client.getLogoutUrlAsync(
    {
      issuer: client.options.issuer,
      nameID: session.nameId,
      nameIDFormat: session.nameIdFormat ?? 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
      ...(session.sessionIndex ? { sessionIndex: session.sessionIndex } : {}),
    },
    relayState,
    {},
  );
}

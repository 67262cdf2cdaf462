import type { SAML } from '@node-saml/node-saml';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { ssoSessions, tokens } from '../../db/schema';
import type { RequestMeta } from '../../http/request-meta';
import { revokeTokens } from '../../identity/token.repo';
import { recordAudit } from '../audit/audit.repo';

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

/**
 * The IdP ends a single sign-on session (IdP-initiated logout): every portal
 * token signed in through it, and those issued through them (another role,
 * a child), whichever browser holds them. Without a SessionIndex every
 * session of that NameID ends.
 */
export async function endSsoSessions(
  db: Database,
  nameId: string,
  sessionIndex: string | null,
  meta: RequestMeta,
): Promise<number> {
  return db.transaction(async (tx) => {
    const sessions = await tx
      .select({ tokenId: ssoSessions.tokenId, userId: tokens.userId })
      .from(ssoSessions)
      .innerJoin(tokens, eq(tokens.id, ssoSessions.tokenId))
      .where(
        and(
          eq(ssoSessions.nameId, nameId),
          sessionIndex ? eq(ssoSessions.sessionIndex, sessionIndex) : undefined,
          eq(tokens.status, 'active'),
        ),
      );
    if (sessions.length === 0) return 0;
    await revokeTokens(
      tx,
      sessions.map((session) => session.tokenId),
    );
    for (const session of sessions) {
      await recordAudit(tx, {
        actorUserId: session.userId,
        action: 'session.logout-idp',
        entityType: 'token',
        entityId: session.tokenId,
        ...meta,
      });
    }
    return sessions.length;
  });
}

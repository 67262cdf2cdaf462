import type { SAML } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { samlLogoutRequests, ssoSessions, tokens } from '../../db/schema';
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

/** How long after its IssueInstant a LogoutRequest is taken, whatever its NotOnOrAfter says. */
export const logoutRequestLifetimeMs = 10 * 60_000;

/** A verified LogoutRequest from the IdP, with the last moment it may be taken. */
export interface IdpLogoutRequest {
  id: string;
  nameId: string;
  sessionIndex: string | null;
  expiresAt: Date;
}

export class LogoutRequestRefused extends Error {
  override name = 'LogoutRequestRefused';
}

const samlProtocolNs = 'urn:oasis:names:tc:SAML:2.0:protocol';

/**
 * When a LogoutRequest (its XML, already verified) stops being taken: at its
 * NotOnOrAfter or `logoutRequestLifetimeMs` after its IssueInstant, whichever
 * comes first, give or take the clock skew the sign-in allows. One issued in
 * the future, or already past that moment, is refused.
 */
export function logoutRequestExpiry(xml: string, clockSkewMs: number, now = Date.now()): Date {
  const root = new DOMParser({ onError: () => undefined }).parseFromString(
    xml,
    'text/xml',
  ).documentElement;
  if (root?.namespaceURI !== samlProtocolNs || root.localName !== 'LogoutRequest') {
    throw new LogoutRequestRefused('not a LogoutRequest');
  }
  const issuedAt = Date.parse(root.getAttribute('IssueInstant') ?? '');
  if (!Number.isFinite(issuedAt)) throw new LogoutRequestRefused('no valid IssueInstant');
  if (issuedAt > now + clockSkewMs) {
    throw new LogoutRequestRefused(`issued in the future (${new Date(issuedAt).toISOString()})`);
  }
  const notOnOrAfter = Date.parse(root.getAttribute('NotOnOrAfter') ?? '');
  const until =
    Math.min(
      issuedAt + logoutRequestLifetimeMs,
      Number.isFinite(notOnOrAfter) ? notOnOrAfter : Number.POSITIVE_INFINITY,
    ) + clockSkewMs;
  if (until <= now) {
    throw new LogoutRequestRefused(
      `expired (issued ${new Date(issuedAt).toISOString()}${Number.isFinite(notOnOrAfter) ? `, NotOnOrAfter ${new Date(notOnOrAfter).toISOString()}` : ''})`,
    );
  }
  return new Date(until);
}

/**
 * The IdP ends a single sign-on session (IdP-initiated logout): every portal
 * token signed in through it, and those issued through them (another role,
 * a child), whichever browser holds them. Without a SessionIndex every
 * session of that NameID ends. Each LogoutRequest is taken once: its id is
 * kept until it expires, in the database so that every instance knows it,
 * and a replay ends nothing (LogoutRequestRefused).
 */
export async function endSsoSessions(
  db: Database,
  request: IdpLogoutRequest,
  meta: RequestMeta,
): Promise<number> {
  const { nameId, sessionIndex } = request;
  return db.transaction(async (tx) => {
    await tx.delete(samlLogoutRequests).where(lt(samlLogoutRequests.expiresAt, new Date()));
    const fresh = await tx
      .insert(samlLogoutRequests)
      .values({ id: request.id, expiresAt: request.expiresAt })
      .onConflictDoNothing()
      .returning();
    if (fresh.length === 0)
      throw new LogoutRequestRefused(`LogoutRequest ${request.id} used before`);
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

import type { Database } from '../../db/client';
import type { AuthContext } from '../../http/authenticate';
import { recordAudit } from '../audit/audit.repo';
import { revokeTokens } from '../auth/token.repo';

/**
 * Removes one token of the caller's own session (unmask, leaving a child's
 * account). Spec §4: the last remaining token becomes active when the active
 * one goes; with none left the session is over.
 */
export async function removeSessionToken(
  db: Database,
  auth: AuthContext,
  tokenId: string,
  requestId: string,
) {
  const { session, user } = auth;
  const target = session.tokens.find((entry) => entry.token.id === tokenId)!;
  const remaining = session.tokens.filter((entry) => entry !== target);
  const nextActive = target === session.active ? remaining.at(-1) : session.active;
  await db.transaction(async (tx) => {
    await revokeTokens(tx, [target.token.id]);
    await recordAudit(tx, {
      actorUserId: user.id,
      realUserId: session.active.token.maskedBy,
      action: 'session.token-removed',
      entityType: 'token',
      entityId: target.token.id,
      requestId,
    });
  });
  return { remaining, nextActive };
}

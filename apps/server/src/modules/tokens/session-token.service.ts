import type { Database } from '../../db/client';
import type { AuthContext } from '../../identity/authenticate';
import { recordAudit } from '../audit/audit.repo';
import { lockSession, realActorOf, revokeTokens } from '../../identity/token.repo';

type Entry = AuthContext['session']['tokens'][number];

/**
 * What goes when one token of a session is removed: the token, every token
 * issued through it (a guardian's sign-in takes the child's token with it),
 * and, for a masked token, the whole masked part of the session, so that
 * ending a mask never leaves a masked token behind (decision 0027).
 */
export function tokensRemovedWith(tokens: readonly Entry[], target: Entry): Set<string> {
  const removed = new Set([target.token.id]);
  if (target.token.masked)
    for (const entry of tokens) if (entry.token.masked) removed.add(entry.token.id);
  let grew = true;
  while (grew) {
    grew = false;
    for (const entry of tokens) {
      const through = entry.token.issuedThrough;
      if (through && removed.has(through) && !removed.has(entry.token.id)) {
        removed.add(entry.token.id);
        grew = true;
      }
    }
  }
  return removed;
}

/**
 * Removes one token of the caller's own session (unmask, leaving a child's
 * account). Spec §4: when the active token goes, the last remaining token
 * becomes active; with none left the session is over. Everything removed is
 * revoked in one transaction.
 */
export async function removeSessionToken(
  db: Database,
  auth: AuthContext,
  tokenId: string,
  requestId: string,
) {
  const { session, user } = auth;
  const target = session.tokens.find((entry) => entry.token.id === tokenId)!;
  const removed = tokensRemovedWith(session.tokens, target);
  const remaining = session.tokens.filter((entry) => !removed.has(entry.token.id));
  const nextActive = removed.has(session.active.token.id) ? remaining.at(-1) : session.active;
  await db.transaction(async (tx) => {
    await lockSession(tx, session);
    await revokeTokens(tx, [...removed]);
    for (const id of removed) {
      await recordAudit(tx, {
        actorUserId: user.id,
        realUserId: realActorOf(session.active.token),
        action: 'session.token-removed',
        entityType: 'token',
        entityId: id,
        requestId,
      });
    }
  });
  return { remaining, nextActive };
}

import { sv, type TokenListItem } from '@skolportalen/shared';
import type { Database } from '../../db/client';
import { grantsOnlyOwnRights, isSuperadmin } from '../../identity/admin-access';
import { authorize } from '../../identity/authorize';
import type { AuthContext } from '../../identity/authenticate';
import { errors } from '../../http/errors';
import { auditAdminChange } from '../audit/admin-audit';
import { presentToken } from '../auth/session.service';
import { issueToken, revokeTokens, type TokenRow } from '../../identity/token.repo';
import { fullName, loadAuthUser, type AuthUser } from '../../identity/auth-user.repo';
import { identityScopeOf, isPersonShown } from '../../identity/protected-identity';
import type { listTokens } from './tokens.repo';
import { findToken } from './tokens.repo';
import { tokenCan, tokensPolicy } from './tokens.policy';

const dayMs = 24 * 60 * 60 * 1000;

export function presentTokenListItem(
  actor: AuthUser,
  row: Awaited<ReturnType<typeof listTokens>>['rows'][number],
  ownerIsSuperadmin: boolean,
): TokenListItem {
  return {
    ...presentToken(row.token),
    user: { id: row.user.id, uid: row.user.uid, name: fullName(row.user) },
    maskedBy: row.masker,
    revokedAt: row.token.revokedAt?.toISOString() ?? null,
    can: tokenCan(actor, { active: row.token.status === 'active', ownerIsSuperadmin }),
  };
}

/**
 * An API token lets an integration act as the user, so it hands out that
 * user's rights: never an administrator's (other than one's own) and never a
 * right the issuing administrator does not hold.
 */
export async function issueApiToken(
  db: Database,
  auth: AuthContext,
  requestId: string,
  input: { userId: number; lifetimeDays: number },
) {
  const target = await loadAuthUser(db, input.userId);
  // A token would act as the person: one the actor may not see is not found (decision 0039).
  if (!target || !(await isPersonShown(db, await identityScopeOf(db, auth.user), target.id)))
    throw errors.notFound(sv.admin.errors.userNotFound);
  authorize(auth.user, tokensPolicy.issueApiTokenFor, target);
  if (target.id !== auth.user.id) {
    authorize(
      auth.user,
      grantsOnlyOwnRights,
      Object.keys(target.capabilities).filter((key) => target.capabilities[key] === true),
    );
  }
  return db.transaction(async (tx) => {
    const issued = await issueToken(tx, {
      userId: target.id,
      type: 'api',
      lifetimeMs: input.lifetimeDays * dayMs,
    });
    const token = presentToken(issued.token);
    await auditAdminChange(tx, auth, requestId, {
      action: 'token.issue',
      entityType: 'token',
      entityId: issued.token.id,
      after: token,
    });
    return { token, secret: issued.secret };
  });
}

/** Revokes any person's token; its session fails on its next request (decision 0001). */
export async function revokeAnyToken(
  db: Database,
  auth: AuthContext,
  requestId: string,
  tokenId: string,
) {
  const token = await findToken(db, tokenId);
  if (!token) throw errors.notFound(sv.admin.errors.tokenNotFound);
  const owner = await loadAuthUser(db, token.userId);
  authorize(auth.user, tokensPolicy.revoke, owner && { isSuperadmin: isSuperadmin(owner) });
  await db.transaction(async (tx) => {
    await revokeTokens(tx, [token.id]);
    await auditAdminChange(tx, auth, requestId, {
      action: 'token.revoke',
      entityType: 'token',
      entityId: token.id,
      before: presentToken(token),
      after: presentToken((await findToken(tx, token.id)) as TokenRow),
    });
  });
}

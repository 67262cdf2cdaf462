import { sv, type TokenListItem } from '@skolportalen/shared';
import type { Database } from '../../db/client';
import { assertMayGrant, isSuperadmin, mayAdminister } from '../../identity/admin-access';
import type { AuthContext } from '../../identity/authenticate';
import { errors } from '../../http/errors';
import { auditAdminChange } from '../audit/admin-audit';
import { presentToken } from '../auth/session.service';
import { issueToken, revokeTokens, type TokenRow } from '../../identity/token.repo';
import { fullName, loadAuthUser, type AuthUser } from '../../identity/auth-user.repo';
import type { listTokens } from './tokens.repo';
import { findToken } from './tokens.repo';

const dayMs = 24 * 60 * 60 * 1000;

/** Revoking another person's sign-in: an administrator's job; a super administrator's only by another. */
function mayRevoke(actor: AuthUser, ownerIsSuperadmin: boolean) {
  return (
    mayAdminister(actor, { notDenied: ['token_delete'] }) &&
    (!ownerIsSuperadmin || isSuperadmin(actor))
  );
}

export function presentTokenListItem(
  actor: AuthUser,
  row: Awaited<ReturnType<typeof listTokens>>['rows'][number],
  ownerIsSuperadmin: boolean,
): TokenListItem {
  return {
    ...presentToken(row.token),
    user: { id: row.user.id, uid: row.user.uid, name: fullName(row.user) },
    maskedBy: row.masker ? { id: row.masker.id, name: fullName(row.masker) } : null,
    revokedAt: row.token.revokedAt?.toISOString() ?? null,
    can: { revoke: row.token.status === 'active' && mayRevoke(actor, ownerIsSuperadmin) },
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
  if (!target) throw errors.notFound(sv.admin.errors.userNotFound);
  if (target.id !== auth.user.id) {
    if (target.isAdmin) throw errors.forbidden(sv.admin.errors.tokenForAdmin);
    assertMayGrant(
      auth.user,
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
  if (!owner || !mayRevoke(auth.user, isSuperadmin(owner))) {
    throw errors.forbidden(sv.admin.errors.superadminOnly);
  }
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

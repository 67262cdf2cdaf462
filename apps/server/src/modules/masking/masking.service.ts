import type { RequestMeta } from '../../http/request-meta';
import { sv } from '@skolportalen/shared';
import type { Database, Executor } from '../../db/client';
import type { AuthContext } from '../../identity/authenticate';
import { errors } from '../../http/errors';
import { recordAudit } from '../audit/audit.repo';
import { issueToken, lockSession } from '../../identity/token.repo';
import { loadAuthUser } from '../../identity/auth-user.repo';
import { authorize } from '../../identity/authorize';
import {
  identityScopeOf,
  isPersonShown,
  type IdentityScope,
} from '../../identity/protected-identity';
import type { TokenRow } from '../../identity/token.repo';
import { maskingPolicy } from './masking.policy';

/** A masked session ends by itself after half an hour at most. */
export const maskedTokenLifetimeMs = 30 * 60 * 1000;

/**
 * In a masked session, whom the administrator behind it may see: the masked
 * person's own relatives are shown to the person, not to an administrator
 * who may not see them. Null when the session is not masked.
 */
export async function maskingAdminScope(
  db: Executor,
  token: Pick<TokenRow, 'masked' | 'maskedBy'>,
): Promise<IdentityScope | null> {
  if (!token.masked) return null;
  const admin = token.maskedBy === null ? null : await loadAuthUser(db, token.maskedBy);
  // Without its administrator the session goes no further anyway; it shows no one protected.
  if (!admin) return { kind: 'limited', personIds: [], schoolNodeIds: [] };
  return identityScopeOf(db, admin);
}

/**
 * The rules of masking, for starting a mask and for every account a masked
 * session switches to (decision 0027): the administrator may mask, and the
 * account exists, is no administrator and is someone the administrator may
 * see — acting as a protected person would show them everything of that
 * person, so to one who may not see them the account is not found.
 */
export async function assertMayMaskAs(db: Database, adminId: number | null, targetUserId: number) {
  const admin = adminId === null ? null : await loadAuthUser(db, adminId);
  authorize(admin, maskingPolicy.goOn);
  const target = await loadAuthUser(db, targetUserId);
  if (!target || !(await isPersonShown(db, await identityScopeOf(db, admin!), target.id)))
    throw errors.notFound();
  authorize(admin, maskingPolicy.target, target);
  return target;
}

/** Starts acting as another user: a masked token is added to the session and made active. */
export async function startMasking(
  db: Database,
  auth: AuthContext,
  targetUserId: number,
  meta: RequestMeta,
) {
  authorize(auth.user, maskingPolicy.start);
  if (auth.session.tokens.some((entry) => entry.token.masked))
    throw errors.conflict(sv.masking.noNesting);
  if (auth.session.via !== 'cookie')
    throw errors.badRequest('BROWSER_SESSION_REQUIRED', sv.masking.browserSessionRequired);
  const target = await assertMayMaskAs(db, auth.user.id, targetUserId);

  return db.transaction(async (tx) => {
    await lockSession(tx, auth.session);
    const issued = await issueToken(tx, {
      userId: target.id,
      type: 'masked',
      masked: true,
      maskedBy: auth.user.id,
      through: auth.token,
      originUserId: target.id,
      lifetimeMs: Math.min(
        maskedTokenLifetimeMs,
        Math.max(0, auth.token.expires.getTime() - Date.now()),
      ),
    });
    await recordAudit(tx, {
      actorUserId: target.id,
      realUserId: auth.user.id,
      action: 'session.mask',
      entityType: 'user',
      entityId: target.id,
      ...meta,
    });
    const entry = { secret: issued.secret, token: issued.token };
    return { entries: [...auth.session.tokens, entry], active: entry };
  });
}

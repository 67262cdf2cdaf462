import type { RequestMeta } from '../../http/request-meta';
import { sv } from '@skolportalen/shared';
import type { Database } from '../../db/client';
import type { AuthContext } from '../../identity/authenticate';
import { errors } from '../../http/errors';
import { recordAudit } from '../audit/audit.repo';
import { issueToken, lockSession } from '../../identity/token.repo';
import { loadAuthUser } from '../../identity/auth-user.repo';
import { authorize } from '../../identity/authorize';
import { maskingPolicy } from './masking.policy';

/** A masked session ends by itself after half an hour at most. */
export const maskedTokenLifetimeMs = 30 * 60 * 1000;

/**
 * The rules of masking, for starting a mask and for every account a masked
 * session switches to (decision 0027): the administrator may mask, and the
 * account exists and is no administrator.
 */
export async function assertMayMaskAs(db: Database, adminId: number | null, targetUserId: number) {
  const admin = adminId === null ? null : await loadAuthUser(db, adminId);
  authorize(admin, maskingPolicy.goOn);
  const target = await loadAuthUser(db, targetUserId);
  if (!target) throw errors.notFound();
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

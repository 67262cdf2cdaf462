import { sv } from '@skolportalen/shared';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { accountLinks } from '../db/schema';
import type { AuthContext } from './authenticate';
import { errors } from '../http/errors';

/**
 * Password, e-mail, roles and tokens are changed only by the person
 * themselves: never while an administrator acts as them, and never by a
 * guardian acting as their child. Who stands behind the token is what was
 * recorded when it was issued (decision 0027), never the cookie's order.
 */
export async function assertActingAsSelf(db: Executor, auth: AuthContext) {
  const { token } = auth;
  if (token.masked || token.maskedBy !== null) throw errors.forbidden(sv.masking.notWhileMasked);
  if (token.signedInUserId === token.userId && token.originUserId === token.userId) return;
  // Reached by a role switch: one's own other account passes, a child's does not.
  const [child] = await db
    .select({ id: accountLinks.relatedUserId })
    .from(accountLinks)
    .where(and(eq(accountLinks.relatedUserId, token.userId), eq(accountLinks.relation, 'child')));
  if (child) throw errors.forbidden(sv.masking.notWhileActingForChild);
}

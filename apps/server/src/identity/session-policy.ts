import { sv } from '@skolportalen/shared';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { accountLinks } from '../db/schema';
import type { AuthContext } from './authenticate';
import { authorize, rule } from './authorize';
import type { TokenRow } from './token.repo';

/**
 * Password, e-mail, roles and tokens are changed only by the person
 * themselves: never while an administrator acts as them, and never by a
 * guardian acting as their child. Who stands behind the token is what was
 * recorded when it was issued (decision 0027), never the cookie's order.
 * The actor of these rules is the session's active token.
 */
export const actingAsSelfPolicy = {
  notMasked: rule((token: TokenRow) => !token.masked && token.maskedBy === null, {
    message: sv.masking.notWhileMasked,
  }),
  /** The subject: whether the token's account is someone's child, reached by a role switch. */
  notForChild: rule((_token: TokenRow, actingForChild: boolean) => !actingForChild, {
    message: sv.masking.notWhileActingForChild,
  }),
};

export async function assertActingAsSelf(db: Executor, auth: AuthContext) {
  const { token } = auth;
  authorize(token, actingAsSelfPolicy.notMasked);
  if (token.signedInUserId === token.userId && token.originUserId === token.userId) return;
  // Reached by a role switch: one's own other account passes, a child's does not.
  const [child] = await db
    .select({ id: accountLinks.relatedUserId })
    .from(accountLinks)
    .where(and(eq(accountLinks.relatedUserId, token.userId), eq(accountLinks.relation, 'child')));
  authorize(token, actingAsSelfPolicy.notForChild, child !== undefined);
}

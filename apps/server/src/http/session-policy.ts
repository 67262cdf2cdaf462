import { sv } from '@skolportalen/shared';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { accountLinks } from '../db/schema';
import type { AuthContext } from './authenticate';
import { errors } from './errors';

/**
 * Password, e-mail, roles and tokens are changed only by the person
 * themselves: never while an administrator acts as them, and never by a
 * guardian acting as their child.
 */
export async function assertActingAsSelf(db: Executor, auth: AuthContext) {
  if (auth.token.masked) throw errors.forbidden(sv.masking.notWhileMasked);
  const origin = auth.session.tokens[0]?.token;
  if (!origin || origin.userId === auth.user.id) return;
  const [child] = await db
    .select({ id: accountLinks.relatedUserId })
    .from(accountLinks)
    .where(and(eq(accountLinks.relatedUserId, auth.user.id), eq(accountLinks.relation, 'child')));
  if (child) throw errors.forbidden(sv.masking.notWhileActingForChild);
}

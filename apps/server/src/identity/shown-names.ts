import { inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { users } from '../db/schema';
import { shownName, type IdentityScope } from './protected-identity';

/**
 * Helpers over the protected-identity rule (decision 0039) for places that
 * name people by id after their main query, and for what leaves the portal.
 */

/**
 * The scope of a reader the rule knows nothing about: it sees no protected
 * person. For what leaves the portal to many at once (a mail's signature,
 * the audit log sent to the municipality's log system).
 */
export const seenByNoOne: IdentityScope = { kind: 'limited', personIds: [], schoolNodeIds: [] };

/**
 * The scope for what reaches the person themselves only: their own bookings,
 * a mail to their own address. Never for what anyone else reads.
 */
export const seenByThemselves: IdentityScope = { kind: 'all' };

/** The columns of the users table the rule and `shownName` read. */
export const userPerson = {
  id: users.id,
  securityMarking: users.securityMarking,
  firstName: users.firstName,
  lastName: users.lastName,
};

/** People by id, named as the actor may see them ("Skyddad identitet" otherwise). */
export async function shownNamesOf(
  db: Executor,
  scope: IdentityScope,
  ids: Iterable<number>,
): Promise<Map<number, string>> {
  const list = [...new Set(ids)];
  if (list.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: shownName(scope, userPerson) })
    .from(users)
    .where(inArray(users.id, list));
  return new Map(rows.map((row) => [row.id, row.name]));
}

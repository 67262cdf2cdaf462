import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { intArrayParam } from '../db/raw-rows';
import { rowsTogether } from '../db/together';
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
  /**
   * The reader whose other reads in this turn the names may go with, as one
   * statement (db/together.ts): a page's lists each naming the same people
   * ask the database once.
   */
  options?: { readerId: number },
): Promise<Map<number, string>> {
  const list = [...new Set(ids)];
  if (list.length === 0) return new Map();
  if (options) {
    const named = await rowsTogether<{ id: number; name: string }>(
      db,
      options.readerId,
      sql`select u.id, ${shownName(scope, {
        id: sql.raw('u.id'),
        securityMarking: sql.raw('u.security_marking'),
        firstName: sql.raw('u.first_name'),
        lastName: sql.raw('u.last_name'),
      })} as name
        from users u where u.id = any(${intArrayParam(list)}::int[])`,
    );
    return new Map(named.map((row) => [Number(row.id), row.name]));
  }
  const rows = await db
    .select({ id: users.id, name: shownName(scope, userPerson) })
    .from(users)
    .where(inArray(users.id, list));
  return new Map(rows.map((row) => [row.id, row.name]));
}

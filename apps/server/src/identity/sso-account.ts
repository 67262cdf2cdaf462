import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { users } from '../db/schema';

export type ScopedId = { ok: true; id: string } | { ok: false; scope: string };

/**
 * Takes the configured scope off an id (`eva@skola.exempelby.se` → `eva`).
 * An id scoped to somewhere else is someone else's person, never a portal account.
 */
export function withoutScope(value: string, scope: string | null): ScopedId {
  if (!scope) return { ok: true, id: value };
  if (value.toLowerCase().endsWith(scope.toLowerCase())) {
    return { ok: true, id: value.slice(0, -scope.length) };
  }
  const at = value.lastIndexOf('@');
  return at >= 0 ? { ok: false, scope: value.slice(at) } : { ok: true, id: value };
}

/**
 * The accounts an identity provider's user id names (users.uid), at most two:
 * two means the id matches accounts that differ only in letter case.
 */
export async function accountsWithUid(tx: Executor, uid: string, ignoreCase: boolean) {
  return tx
    .select({ id: users.id, disabledAt: users.disabledAt })
    .from(users)
    .where(ignoreCase ? sql`lower(${users.uid}) = lower(${uid})` : eq(users.uid, uid))
    .limit(2);
}

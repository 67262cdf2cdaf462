import { adminRoleKeys, type SecurityMarking } from '@skolportalen/shared';
import { and, eq, exists, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  accountLinks,
  categoryNodes,
  nodes,
  roles,
  userNodes,
  userRoles,
  users,
} from '../../db/schema';

/** Set-based reads and writes for the import, a batch at a time. */
export async function nodesByExternalId(db: Executor, externalIds: readonly string[]) {
  if (externalIds.length === 0) return [];
  return db
    .select()
    .from(nodes)
    .where(inArray(nodes.externalId, [...externalIds]));
}

export async function usersByExternalId(db: Executor, externalIds: readonly string[]) {
  if (externalIds.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(inArray(users.externalId, [...externalIds]));
}

/** Accounts holding any of these user ids or usernames. */
export async function usersByUid(db: Executor, uids: readonly string[]) {
  if (uids.length === 0) return [];
  return db
    .select({
      id: users.id,
      uid: users.uid,
      username: users.username,
      externalId: users.externalId,
    })
    .from(users)
    .where(or(inArray(users.uid, [...uids]), inArray(users.username, [...uids])));
}

export async function roleKeysOfUsers(db: Executor, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: userRoles.userId, key: roles.key })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, [...userIds]));
}

/** Memberships in these groups of accounts that come from a source (they have an external id). */
export async function sourcedMemberships(db: Executor, nodeIds: readonly number[]) {
  if (nodeIds.length === 0) return [];
  return db
    .select({ userId: userNodes.userId, nodeId: userNodes.nodeId })
    .from(userNodes)
    .innerJoin(users, eq(users.id, userNodes.userId))
    .where(and(inArray(userNodes.nodeId, [...nodeIds]), isNotNull(users.externalId)));
}

export async function addMemberships(
  db: Executor,
  pairs: readonly { userId: number; nodeId: number }[],
) {
  if (pairs.length === 0) return 0;
  const added = await db
    .insert(userNodes)
    .values([...pairs])
    .onConflictDoNothing()
    .returning({ userId: userNodes.userId });
  return added.length;
}

export async function removeMemberships(
  db: Executor,
  pairs: readonly { userId: number; nodeId: number }[],
) {
  let removed = 0;
  for (const pair of pairs) {
    const rows = await db
      .delete(userNodes)
      .where(and(eq(userNodes.userId, pair.userId), eq(userNodes.nodeId, pair.nodeId)))
      .returning({ userId: userNodes.userId });
    removed += rows.length;
  }
  return removed;
}

export async function addAccountLinks(
  db: Executor,
  links: readonly { userId: number; relatedUserId: number; relation: 'account' | 'child' }[],
) {
  if (links.length === 0) return 0;
  const added = await db
    .insert(accountLinks)
    .values([...links])
    .onConflictDoNothing()
    .returning({ userId: accountLinks.userId });
  return added.length;
}

export async function addCategoryLinks(
  db: Executor,
  links: readonly { categoryId: number; nodeId: number }[],
) {
  if (links.length === 0) return 0;
  const added = await db
    .insert(categoryNodes)
    .values([...links])
    .onConflictDoNothing()
    .returning({ nodeId: categoryNodes.nodeId });
  return added.length;
}

export async function roleIdsByKey(db: Executor) {
  const rows = await db
    .select({ id: roles.id, key: roles.key, categoryId: roles.categoryId })
    .from(roles);
  return new Map(rows.map((row) => [row.key, row]));
}

export async function insertImportedUser(
  db: Executor,
  values: {
    uid: string;
    firstName: string;
    lastName: string;
    email: string | null;
    externalId: string;
    securityMarking: SecurityMarking;
  },
) {
  const [row] = await db
    .insert(users)
    .values({ ...values, username: values.uid, passwordHash: null, importedAt: new Date() })
    .returning({ id: users.id });
  return row!.id;
}

export async function updateImportedUser(
  db: Executor,
  id: number,
  values: {
    firstName: string;
    lastName: string;
    email: string | null;
    securityMarking: SecurityMarking;
  },
) {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
}

export async function addUserRoles(
  db: Executor,
  rows: readonly { userId: number; roleId: number }[],
) {
  if (rows.length === 0) return 0;
  const added = await db
    .insert(userRoles)
    .values([...rows])
    .onConflictDoNothing()
    .returning({ userId: userRoles.userId });
  return added.length;
}

/** From now on the import keeps these accounts: they are disabled if the source stops listing them. */
export async function markImported(db: Executor, userIds: readonly number[]) {
  if (userIds.length === 0) return;
  await db
    .update(users)
    .set({ importedAt: new Date() })
    .where(and(inArray(users.id, [...userIds]), isNull(users.importedAt)));
}

/** Accounts the import kept, with whether each is enabled and holds an administrator role. */
export async function importedAccounts(db: Executor) {
  return db
    .select({
      id: users.id,
      externalId: users.externalId,
      firstName: users.firstName,
      lastName: users.lastName,
      securityMarking: users.securityMarking,
      disabled: sql<boolean>`${users.disabledAt} is not null`,
      admin: exists(
        db
          .select({ one: sql`1` })
          .from(userRoles)
          .innerJoin(roles, eq(roles.id, userRoles.roleId))
          .where(and(eq(userRoles.userId, users.id), inArray(roles.key, [...adminRoleKeys]))),
      ).mapWith(Boolean),
    })
    .from(users)
    .where(and(isNotNull(users.importedAt), isNotNull(users.externalId)));
}

/** Disables accounts still enabled; answers the ids it disabled. */
export async function disableImportedUsers(
  db: Executor,
  userIds: readonly number[],
  reason: string,
) {
  if (userIds.length === 0) return [];
  const now = new Date();
  const rows = await db
    .update(users)
    .set({ disabledAt: now, disabledReason: reason, disabledByImport: true, updatedAt: now })
    .where(and(inArray(users.id, [...userIds]), isNull(users.disabledAt)))
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}

/** Enables accounts the import had disabled; answers the ids it enabled. */
export async function enableImportedUsers(db: Executor, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  const rows = await db
    .update(users)
    .set({ disabledAt: null, disabledReason: null, disabledByImport: false, updatedAt: new Date() })
    .where(and(inArray(users.id, [...userIds]), eq(users.disabledByImport, true)))
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}

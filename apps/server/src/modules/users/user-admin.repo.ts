import type { SecurityMarking } from '@skolportalen/shared';
import { and, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  nodes,
  roles,
  userCapabilities,
  userCategories,
  userNodes,
  userRoles,
  users,
} from '../../db/schema';

export async function updateUserNames(
  db: Executor,
  id: number,
  values: { email: string; firstName: string; lastName: string },
) {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** Set by an administrator: the person is then not asked for their language again. */
export async function updatePreferredLanguage(db: Executor, id: number, language: string) {
  await db
    .update(users)
    .set({
      preferredLanguage: language,
      languageAskedAt: sql`coalesce(${users.languageAskedAt}, now())`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, id));
}

export async function updateSecurityMarking(
  db: Executor,
  id: number,
  securityMarking: SecurityMarking,
) {
  await db.update(users).set({ securityMarking, updatedAt: new Date() }).where(eq(users.id, id));
  return true;
}

/** The ids among `ids` that name existing nodes. */
export async function existingNodeIds(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: nodes.id })
    .from(nodes)
    .where(inArray(nodes.id, [...ids]));
  return new Set(rows.map((row) => row.id));
}

export async function addMemberships(db: Executor, userId: number, nodeIds: readonly number[]) {
  if (nodeIds.length === 0) return 0;
  const added = await db
    .insert(userNodes)
    .values(nodeIds.map((nodeId) => ({ userId, nodeId })))
    .onConflictDoNothing()
    .returning({ nodeId: userNodes.nodeId });
  return added.length;
}

export async function removeMemberships(db: Executor, userId: number, nodeIds: readonly number[]) {
  if (nodeIds.length === 0) return 0;
  const removed = await db
    .delete(userNodes)
    .where(and(eq(userNodes.userId, userId), inArray(userNodes.nodeId, [...nodeIds])))
    .returning({ nodeId: userNodes.nodeId });
  return removed.length;
}

export async function addUserRole(db: Executor, userId: number, roleId: number) {
  const added = await db
    .insert(userRoles)
    .values({ userId, roleId })
    .onConflictDoNothing()
    .returning({ roleId: userRoles.roleId });
  return added.length > 0;
}

export async function removeUserRoles(db: Executor, userId: number, roleIds: readonly number[]) {
  if (roleIds.length === 0) return 0;
  const removed = await db
    .delete(userRoles)
    .where(and(eq(userRoles.userId, userId), inArray(userRoles.roleId, [...roleIds])))
    .returning({ roleId: userRoles.roleId });
  return removed.length;
}

/** Holders of a role other than the given user. */
/** Holders of the role besides one user; a disabled account holds it in name only. */
export async function countOtherHolders(db: Executor, roleId: number, exceptUserId: number) {
  const [row] = await db
    .select({ value: count() })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(
      and(
        eq(userRoles.roleId, roleId),
        ne(userRoles.userId, exceptUserId),
        isNull(users.disabledAt),
      ),
    );
  return row?.value ?? 0;
}

export async function rolesOfUser(db: Executor, userId: number) {
  return db
    .select({ id: roles.id, key: roles.key })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
}

export async function setUserCapability(
  db: Executor,
  userId: number,
  capabilityKey: string,
  value: boolean,
) {
  await db
    .insert(userCapabilities)
    .values({ userId, capabilityKey, value })
    .onConflictDoUpdate({
      target: [userCapabilities.userId, userCapabilities.capabilityKey],
      set: { value },
    });
}

export async function deleteUserCapability(db: Executor, userId: number, capabilityKey: string) {
  await db
    .delete(userCapabilities)
    .where(
      and(eq(userCapabilities.userId, userId), eq(userCapabilities.capabilityKey, capabilityKey)),
    );
}

export async function addUserCategory(db: Executor, userId: number, categoryId: number) {
  const added = await db
    .insert(userCategories)
    .values({ userId, categoryId })
    .onConflictDoNothing()
    .returning({ categoryId: userCategories.categoryId });
  return added.length > 0;
}

export async function removeUserCategory(db: Executor, userId: number, categoryId: number) {
  const removed = await db
    .delete(userCategories)
    .where(and(eq(userCategories.userId, userId), eq(userCategories.categoryId, categoryId)))
    .returning({ categoryId: userCategories.categoryId });
  return removed.length > 0;
}

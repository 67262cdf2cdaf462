import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { capabilities, roleCapabilities, roles, userRoles } from '../../db/schema';

export type RoleRow = typeof roles.$inferSelect;

export async function listRoles(db: Executor, withCapabilities: boolean) {
  const rows = await db.select().from(roles).orderBy(asc(roles.id));
  const values =
    withCapabilities && rows.length
      ? await db
          .select()
          .from(roleCapabilities)
          .where(
            inArray(
              roleCapabilities.roleId,
              rows.map((row) => row.id),
            ),
          )
      : [];
  return rows.map((row) => ({
    ...presentRole(row),
    ...(withCapabilities
      ? {
          capabilities: Object.fromEntries(
            values
              .filter((value) => value.roleId === row.id)
              .map((value) => [value.capabilityKey, value.value]),
          ),
        }
      : {}),
  }));
}

export function presentRole(row: RoleRow) {
  return { id: row.id, key: row.key, name: row.name, categoryId: row.categoryId };
}

export async function listCapabilityKeys(db: Executor) {
  return db.select().from(capabilities).orderBy(asc(capabilities.key));
}

export async function findRole(db: Executor, id: number) {
  const [row] = await db.select().from(roles).where(eq(roles.id, id));
  return row;
}

/** Locks the role row for the rest of the transaction, so checks on its holders cannot race. */
export async function findRoleForUpdate(db: Executor, id: number) {
  const [row] = await db.select().from(roles).where(eq(roles.id, id)).for('update');
  return row;
}

export async function findRoleByKey(db: Executor, key: string) {
  const [row] = await db.select().from(roles).where(eq(roles.key, key));
  return row;
}

export async function insertRole(
  db: Executor,
  values: { key: string; name: string; categoryId: number | null },
) {
  const [row] = await db.insert(roles).values(values).onConflictDoNothing().returning();
  return row;
}

export async function deleteRole(db: Executor, id: number) {
  await db.delete(roles).where(eq(roles.id, id));
}

export async function countRoleHolders(db: Executor, roleId: number) {
  const [row] = await db
    .select({ value: count() })
    .from(userRoles)
    .where(eq(userRoles.roleId, roleId));
  return row?.value ?? 0;
}

/** The role's own values: true granted, false denied, absent missing. */
export async function roleCapabilityValues(db: Executor, roleId: number) {
  const rows = await db
    .select({ key: roleCapabilities.capabilityKey, value: roleCapabilities.value })
    .from(roleCapabilities)
    .where(eq(roleCapabilities.roleId, roleId));
  return Object.fromEntries(rows.map((row) => [row.key, row.value])) as Record<string, boolean>;
}

export async function setRoleCapability(
  db: Executor,
  roleId: number,
  capabilityKey: string,
  value: boolean,
) {
  await db
    .insert(roleCapabilities)
    .values({ roleId, capabilityKey, value })
    .onConflictDoUpdate({
      target: [roleCapabilities.roleId, roleCapabilities.capabilityKey],
      set: { value },
    });
}

export async function deleteRoleCapability(db: Executor, roleId: number, capabilityKey: string) {
  await db
    .delete(roleCapabilities)
    .where(
      and(eq(roleCapabilities.roleId, roleId), eq(roleCapabilities.capabilityKey, capabilityKey)),
    );
}

import {
  effectiveCapabilities,
  isAdmin,
  isSchoolResponsible,
  type CapabilityMap,
} from '@skolportalen/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { roleCapabilities, roles, userCapabilities, userRoles, users } from '../../db/schema';

/** What every request knows about the account it acts as. */
export interface AuthUser {
  id: number;
  uid: string;
  name: string;
  email: string | null;
  firstName: string;
  lastName: string;
  roles: { id: number; key: string; name: string; categoryId: number | null }[];
  capabilities: CapabilityMap;
  isAdmin: boolean;
  isSchoolResponsible: boolean;
}

export function fullName(user: { firstName: string; lastName: string }) {
  return `${user.firstName} ${user.lastName}`.trim();
}

export async function loadAuthUser(db: Executor, userId: number): Promise<AuthUser | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const userRoleRows = await db
    .select({ id: roles.id, key: roles.key, name: roles.name, categoryId: roles.categoryId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(roles.id);
  const roleIds = userRoleRows.map((role) => role.id);
  const [roleValueRows, overrideRows] = await Promise.all([
    roleIds.length
      ? db.select().from(roleCapabilities).where(inArray(roleCapabilities.roleId, roleIds))
      : Promise.resolve([]),
    db.select().from(userCapabilities).where(eq(userCapabilities.userId, userId)),
  ]);
  const perRole = roleIds.map((roleId) =>
    Object.fromEntries(
      roleValueRows
        .filter((row) => row.roleId === roleId)
        .map((row) => [row.capabilityKey, row.value]),
    ),
  );
  const overrides = Object.fromEntries(overrideRows.map((row) => [row.capabilityKey, row.value]));
  const subject = { roles: userRoleRows };
  return {
    id: user.id,
    uid: user.uid,
    name: fullName(user),
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    roles: userRoleRows,
    capabilities: effectiveCapabilities(perRole, overrides),
    isAdmin: isAdmin(subject),
    isSchoolResponsible: isSchoolResponsible(subject),
  };
}

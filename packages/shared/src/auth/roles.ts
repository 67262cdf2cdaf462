/** Main roles: every account has exactly one of these. */
export const mainRoleKeys = [
  'role_teacher',
  'role_student',
  'role_caretaker',
  'role_employee',
] as const;
/** Any of these makes the account an administrator (spec §6). */
export const adminRoleKeys = ['role_admin', 'role_superadmin', 'role_municipality_admin'] as const;
/** Detail role that grants the school-responsible status (rektor). */
export const schoolResponsibleRoleKey = 'role_school_responsible';

export const roleKeys = [...mainRoleKeys, ...adminRoleKeys, schoolResponsibleRoleKey] as const;

export type MainRoleKey = (typeof mainRoleKeys)[number];
export type AdminRoleKey = (typeof adminRoleKeys)[number];
export type RoleKey = (typeof roleKeys)[number];

interface HasRoles {
  roles: ReadonlyArray<{ key: string }>;
}

export function isAdmin(user: HasRoles): boolean {
  return user.roles.some((role) => (adminRoleKeys as readonly string[]).includes(role.key));
}

export function isSchoolResponsible(user: HasRoles): boolean {
  return user.roles.some((role) => role.key === schoolResponsibleRoleKey);
}

export function hasRole(user: HasRoles, key: RoleKey): boolean {
  return user.roles.some((role) => role.key === key);
}

export function mainRoleOf(user: HasRoles): MainRoleKey | undefined {
  return user.roles
    .map((role) => role.key)
    .find((key): key is MainRoleKey => (mainRoleKeys as readonly string[]).includes(key));
}

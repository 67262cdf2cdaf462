import { adminRoleKeys, hasCapability, roleKeys, sv } from '@skolportalen/shared';
import { administers, superadminOnly, type AdminRights } from '../../identity/admin-access';
import { can, canFlags, rule, type Rule } from '../../identity/authorize';
import type { AuthUser } from '../../identity/auth-user.repo';

/** The portal's own roles: its code and the spec name them, so they stay. */
export const isBuiltInRole = (key: string) => (roleKeys as readonly string[]).includes(key);
export const isAdminRole = (key: string) => (adminRoleKeys as readonly string[]).includes(key);

/** Roles are administered by administrators holding role_list (spec §2, §6). */
const roleRights = (finer: AdminRights['notDenied']): AdminRights => ({
  granted: ['role_list'],
  notDenied: finer,
});

const changeCapabilities = administers(roleRights(['role_capability_edit']));
const remove = administers(roleRights(['role_delete']));

/** A role, as far as the rules need to know it: its key. */
type RoleKey = string;

/** The rights matrix (decision 0005). */
export const rolesPolicy = {
  /** The list shows each role's rights to holders of role_list. */
  seeRights: rule((actor: AuthUser) => hasCapability(actor.capabilities, 'role_list')),
  create: administers(roleRights(['role_create'])),
  remove,
  changeCapabilities,
  /**
   * An administrator role's rights, and who holds it, are changed only by a
   * super administrator.
   */
  manage: rule(
    (actor: AuthUser, roleKey: RoleKey) => !isAdminRole(roleKey) || can(actor, superadminOnly),
    { message: sv.admin.errors.superadminOnly },
  ),
};

/** What the caller may do with one role, as the rights matrix shows it. */
const roleActions: Record<'edit' | 'delete', Rule<RoleKey>> = {
  edit: rule(
    (actor, roleKey) => can(actor, changeCapabilities) && can(actor, rolesPolicy.manage, roleKey),
  ),
  delete: rule((actor, roleKey) => can(actor, remove) && !isBuiltInRole(roleKey)),
};

/** The `can` flags sent with each role. */
export function roleCan(actor: AuthUser, roleKey: RoleKey) {
  return canFlags(actor, roleActions, roleKey);
}

import { adminRoleKeys, roleKeys } from '@skolportalen/shared';
import { isSuperadmin, mayAdminister } from '../../identity/admin-access';
import type { AuthUser } from '../../identity/auth-user.repo';

/** The portal's own roles: its code and the spec name them, so they stay. */
export const isBuiltInRole = (key: string) => (roleKeys as readonly string[]).includes(key);
export const isAdminRole = (key: string) => (adminRoleKeys as readonly string[]).includes(key);

/** What the caller may do with a role in the rights matrix (decision 0005). */
export function roleCan(actor: AuthUser, roleKey: string) {
  return {
    edit:
      mayAdminister(actor, { granted: ['role_list'], notDenied: ['role_capability_edit'] }) &&
      (!isAdminRole(roleKey) || isSuperadmin(actor)),
    delete:
      mayAdminister(actor, { granted: ['role_list'], notDenied: ['role_delete'] }) &&
      !isBuiltInRole(roleKey),
  };
}

import { hasCapability, sv, type CapabilityKey } from '@skolportalen/shared';
import { isSuperadmin, mayAdminister } from '../../identity/admin-access';
import { errors } from '../../http/errors';
import { mayBeMasked, mayMask } from '../../identity/masking.policy';
import type { AuthUser } from '../../identity/auth-user.repo';

/** Anyone may read themselves; reading others needs the user_list right. */
export function canReadUser(actor: AuthUser, targetUserId: number): boolean {
  return actor.id === targetUserId || hasCapability(actor.capabilities, 'user_list');
}

/** Administration of one user; a super administrator is changed only by another one (decision 0005). */
export function mayChangeUser(actor: AuthUser, target: AuthUser, finer: CapabilityKey): boolean {
  if (!mayAdminister(actor, { notDenied: [finer] })) return false;
  return !isSuperadmin(target) || isSuperadmin(actor);
}

export function assertMayChangeUser(actor: AuthUser, target: AuthUser, finer: CapabilityKey) {
  if (!mayAdminister(actor, { notDenied: [finer] })) throw errors.forbidden();
  if (isSuperadmin(target) && !isSuperadmin(actor)) {
    throw errors.forbidden(sv.admin.errors.superadminOnly);
  }
}

/** The `can` flags of `GET /user/{id}`: the screen shows what these allow, nothing else. */
export function userDetailCan(actor: AuthUser, target: AuthUser) {
  return {
    edit: mayChangeUser(actor, target, 'user_edit'),
    editRoles: mayChangeUser(actor, target, 'user_role_edit'),
    editGroups: mayChangeUser(actor, target, 'user_group_edit'),
    editCapabilities: mayChangeUser(actor, target, 'user_capability_edit'),
    mask: mayMask(actor) && actor.id !== target.id && mayBeMasked(target) && !target.disabled,
    disable: mayChangeUser(actor, target, 'user_edit') && actor.id !== target.id,
  };
}

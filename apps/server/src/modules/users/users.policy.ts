import { hasCapability, sv, type CapabilityKey } from '@skolportalen/shared';
import { administers, isSuperadmin, mayAdminister } from '../../identity/admin-access';
import { can, canFlags, rule, type Rule } from '../../identity/authorize';
import { mayBeMasked, mayMask } from '../../identity/masking.policy';
import type { AuthUser } from '../../identity/auth-user.repo';

/**
 * Administration of one user: the screen's finer right, and a super
 * administrator is changed only by another one (decision 0005). The admin
 * screens' own rights are checked before anything is looked up
 * (`adminRights`); this rule again once the target is known.
 */
const changes = (finer: CapabilityKey): Rule<AuthUser> =>
  rule(
    (actor, target) =>
      mayAdminister(actor, { notDenied: [finer] }) &&
      (!isSuperadmin(target) || isSuperadmin(actor)),
    (actor) =>
      mayAdminister(actor, { notDenied: [finer] })
        ? { message: sv.admin.errors.superadminOnly }
        : undefined,
  );

/** What masking a listed or shown account depends on. */
export interface MaskTarget {
  id: number;
  isAdmin: boolean;
  disabled: boolean;
}

/** The administration screens of one user, each with its finer right (spec §6 group "user"). */
export const userAdminRights = {
  edit: administers({ notDenied: ['user_edit'] }),
  editRoles: administers({ notDenied: ['user_role_edit'] }),
  editGroups: administers({ notDenied: ['user_group_edit'] }),
  editCapabilities: administers({ notDenied: ['user_capability_edit'] }),
};

const changesUser = changes('user_edit');

export const usersPolicy = {
  /** Searching users needs the user_list right. */
  list: rule((actor: AuthUser) => hasCapability(actor.capabilities, 'user_list')),
  /** Anyone may read themselves; reading others needs the user_list right. */
  read: rule(
    (actor: AuthUser, targetUserId: number) =>
      actor.id === targetUserId || hasCapability(actor.capabilities, 'user_list'),
  ),
  edit: changesUser,
  editRoles: changes('user_role_edit'),
  editGroups: changes('user_group_edit'),
  editCapabilities: changes('user_capability_edit'),
  /** Acting as the account: the right to mask, someone else, no administrator, not disabled. */
  mask: rule(
    (actor: AuthUser, target: MaskTarget) =>
      mayMask(actor) && actor.id !== target.id && mayBeMasked(target) && !target.disabled,
  ),
  /**
   * Setting or clearing a security marking: changing the user, and holding the
   * right to see protected people (decision 0039) — whoever may not see them
   * may not decide who is protected either.
   */
  securityMarking: rule(
    (actor: AuthUser, target: AuthUser) =>
      can(actor, changesUser, target) &&
      hasCapability(actor.capabilities, 'view_protected_identity'),
    (actor, target) =>
      can(actor, changesUser, target)
        ? { message: sv.admin.errors.securityMarkingRight }
        : undefined,
  ),
  /** Disabling is changing the user, but never oneself. */
  disable: rule(
    (actor: AuthUser, target: AuthUser) =>
      can(actor, changesUser, target) && actor.id !== target.id,
  ),
};

/** The `can` flags of `GET /user/{id}`: the screen shows what these allow, nothing else. */
export function userDetailCan(actor: AuthUser, target: AuthUser) {
  const { edit, editRoles, editGroups, editCapabilities, mask, disable, securityMarking } =
    usersPolicy;
  return canFlags(
    actor,
    { edit, editRoles, editGroups, editCapabilities, mask, disable, securityMarking },
    target,
  );
}

import { hasCapability, mainRoleOf, sv } from '@skolportalen/shared';
import { rule } from '../../identity/authorize';
import type { AuthUser } from '../../identity/auth-user.repo';

/** Staff are the main roles that teach or work in a group; pupils and guardians are not. */
const staffRoles = new Set(['role_teacher', 'role_employee']);

export const nodesPolicy = {
  /**
   * A group's member list (the class list): its own staff, and whoever may
   * list users anyway (administrators, rektorer). Pupils and guardians see no
   * member lists; the people in them are still filtered by decision 0039.
   */
  readMembers: rule(
    (actor: AuthUser, group: { actorIsMember: boolean }) =>
      actor.isAdmin ||
      hasCapability(actor.capabilities, 'user_list') ||
      (group.actorIsMember && staffRoles.has(mainRoleOf(actor) ?? '')),
    { message: sv.admin.errors.groupMembersOwnOnly },
  ),
};

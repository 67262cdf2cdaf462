import { hasCapability, type LinkType } from '@skolportalen/shared';
import type { AuthUser } from '../../identity/auth-user.repo';

/**
 * Which tools a user may manage: administrators all of them, a
 * school-responsible user those aimed only at their own schools (spec §2
 * "/profile/admin/tools"), everyone else none.
 */
export type ManageScope =
  { kind: 'all' } | { kind: 'schools'; nodeIds: ReadonlySet<number> } | { kind: 'none' };

export function scopeKind(user: AuthUser): ManageScope['kind'] {
  if (user.isAdmin) return 'all';
  if (user.isSchoolResponsible) return 'schools';
  return 'none';
}

/** Targets inside the scope: a school-responsible user's tool reaches nobody outside their schools. */
export function targetsWithinScope(scope: ManageScope, nodeIds: readonly number[]): boolean {
  if (scope.kind === 'all') return true;
  if (scope.kind === 'none') return false;
  return nodeIds.length > 0 && nodeIds.every((nodeId) => scope.nodeIds.has(nodeId));
}

/** Google tools need their own right on top of the general one. */
export function mayHandleType(user: AuthUser, type: LinkType): boolean {
  return type !== 'google-tool' || hasCapability(user.capabilities, 'create_google_tool');
}

export function canCreateLink(user: AuthUser, type: LinkType): boolean {
  return hasCapability(user.capabilities, 'create_link') && mayHandleType(user, type);
}

interface ManagedLink {
  type: LinkType;
  nodeIds: readonly number[];
}

export function canEditLink(user: AuthUser, scope: ManageScope, link: ManagedLink): boolean {
  return (
    hasCapability(user.capabilities, 'edit_link') &&
    mayHandleType(user, link.type) &&
    targetsWithinScope(scope, link.nodeIds)
  );
}

export function canDeleteLink(user: AuthUser, scope: ManageScope, link: ManagedLink): boolean {
  return (
    hasCapability(user.capabilities, 'delete_link') &&
    mayHandleType(user, link.type) &&
    targetsWithinScope(scope, link.nodeIds)
  );
}

/** A user changes their own tool list with edit_own_links; someone else's needs user_edit. */
export function canChangeUserList(actor: AuthUser, targetUserId: number): boolean {
  if (actor.id === targetUserId) return hasCapability(actor.capabilities, 'edit_own_links');
  return hasCapability(actor.capabilities, 'user_edit');
}

/** Anyone reads their own list; reading another's needs user_list. */
export function canReadUserList(actor: AuthUser, targetUserId: number): boolean {
  return actor.id === targetUserId || hasCapability(actor.capabilities, 'user_list');
}

import { hasCapability, sv, type LinkType } from '@skolportalen/shared';
import type { AuthUser } from '../../identity/auth-user.repo';
import { canFlags, rule } from '../../identity/authorize';

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

export interface ManagedLink {
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

const texts = sv.toolsAndProfile.adminTools;

/** A tool as the viewer manages it: its type and targets, and how far the viewer reaches. */
export interface LinkInScope {
  scope: ManageScope;
  link: ManagedLink;
}

/** The tools module's rules (spec §6 group "link"), for `authorize`, `can` and `canFlags`. */
export const linksPolicy = {
  /** GET /link-all: every tool, whoever it is aimed at. */
  listAll: rule((user) => hasCapability(user.capabilities, 'get_all_links')),
  create: rule<LinkType>(canCreateLink, (_user, type) =>
    type === 'google-tool' ? { message: texts.googleNotAllowed } : undefined,
  ),
  /** A new tool reaches nobody outside the creator's scope. */
  aimWithinScope: rule<{ scope: ManageScope; nodeIds: readonly number[] }>(
    (_user, { scope, nodeIds }) => targetsWithinScope(scope, nodeIds),
    { message: texts.onlyOwnSchools },
  ),
  edit: rule<LinkInScope>((user, { scope, link }) => canEditLink(user, scope, link)),
  delete: rule<LinkInScope>((user, { scope, link }) => canDeleteLink(user, scope, link)),
  /**
   * A tool's new values, once its stored ones passed `edit`: turning it into
   * a Google tool needs that right; otherwise it left the viewer's schools.
   */
  saveAs: rule<LinkInScope & { storedType: LinkType }>(
    (user, { scope, link }) => canEditLink(user, scope, link),
    (_user, { link, storedType }) => ({
      message:
        link.type === 'google-tool' && storedType !== 'google-tool'
          ? texts.googleNotAllowed
          : texts.onlyOwnSchools,
    }),
  ),
};

/** A tool as one viewer sees it, in the list of `listOwnerId`. */
export interface ListedLinkView extends LinkInScope {
  listOwnerId: number;
  /** Aimed at the list's owner. */
  visible: boolean;
  optional: boolean;
  inMyList: boolean;
}

const listedLinkFlags = {
  edit: rule<ListedLinkView>((user, view) => canEditLink(user, view.scope, view.link)),
  delete: rule<ListedLinkView>((user, view) => canDeleteLink(user, view.scope, view.link)),
  /** An optional tool aimed at the owner, not yet chosen, by whoever may change the list. */
  add: rule<ListedLinkView>(
    (user, view) =>
      canChangeUserList(user, view.listOwnerId) && view.visible && view.optional && !view.inMyList,
  ),
  remove: rule<ListedLinkView>(
    (user, view) => canChangeUserList(user, view.listOwnerId) && view.optional && view.inMyList,
  ),
};

/** The `can` flags sent with every tool. */
export function linkPermissions(user: AuthUser, view: ListedLinkView) {
  return canFlags(user, listedLinkFlags, view);
}

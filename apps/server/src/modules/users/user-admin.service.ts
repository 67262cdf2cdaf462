import {
  format,
  isProtectedMarking,
  mainRoleKeys,
  sv,
  type UserDetailResponse,
  type UserUpdateRequest,
} from '@skolportalen/shared';
import type { Database, Executor } from '../../db/client';
import { grantsOnlyOwnRights, isSuperadmin } from '../../identity/admin-access';
import { authorize, type Rule } from '../../identity/authorize';
import type { AuthContext } from '../../identity/authenticate';
import { AppError, errors } from '../../http/errors';
import { auditAdminChange } from '../audit/admin-audit';
import { findCategory } from '../categories/categories.repo';
import { findRole, findRoleForUpdate, roleCapabilityValues } from '../roles/roles.repo';
import { rolesPolicy } from '../roles/roles.policy';
import { capabilityKeyOrThrow } from '../roles/roles.service';
import type { AuthUser } from '../../identity/auth-user.repo';
import { identityScopeOf, relatedPersonIdsOf } from '../../identity/protected-identity';
import {
  addMemberships,
  addUserCategory,
  addUserRole,
  countOtherHolders,
  deleteUserCapability,
  existingNodeIds,
  removeMemberships,
  removeUserCategory,
  removeUserRoles,
  rolesOfUser,
  setUserCapability,
  updateSecurityMarking,
  updatePreferredLanguage,
  updateUserNames,
} from './user-admin.repo';
import type { ContentLanguages } from '../translations/content-languages';
import { loadUserDetail, type UserDetail } from './user-detail.repo';
import { userDetailCan, usersPolicy } from './users.policy';

export function presentUserDetail(detail: UserDetail, actor: AuthUser): UserDetailResponse {
  const { row, target } = detail;
  return {
    id: row.id,
    uid: row.uid,
    username: row.username,
    name: target.name,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    externalId: row.externalId,
    roles: target.roles,
    categories: detail.categories,
    directCategoryIds: detail.directCategoryIds,
    groups: detail.groups,
    children: detail.children,
    guardians: detail.guardians,
    accounts: detail.accounts,
    capabilityOverrides: detail.capabilityOverrides,
    roleCapabilities: detail.roleCapabilities,
    capabilities: Object.fromEntries(
      Object.entries(target.capabilities).filter(
        (entry): entry is [string, boolean] => entry[1] !== undefined,
      ),
    ),
    isAdmin: target.isAdmin,
    isSuperadmin: isSuperadmin(target),
    can: userDetailCan(actor, target),
    disabledAt: row.disabledAt?.toISOString() ?? null,
    disabledReason: row.disabledReason,
    securityMarking: row.securityMarking,
    preferredLanguage: row.preferredLanguage,
  };
}

/**
 * The user as the actor may see them, their relations only as far as the
 * actor may see those. A protected person the actor may not see is "not
 * found", exactly as an unknown id (decision 0039), for reading and for every
 * change alike.
 */
export async function userDetailOrThrow(db: Executor, id: number, actor: AuthUser) {
  const detail = await loadUserDetail(db, id, await identityScopeOf(db, actor));
  if (!detail) throw errors.notFound(sv.admin.errors.userNotFound);
  return detail;
}

/**
 * Opening a protected person's record is audited (who, when, which record)
 * unless the actor is the person, their guardian or their child: whoever else
 * sees it does so by the right to see protected people (decision 0039).
 */
export async function auditProtectedOpening(
  db: Executor,
  auth: AuthContext,
  requestId: string,
  detail: UserDetail,
) {
  if (!isProtectedMarking(detail.row.securityMarking)) return;
  if ((await relatedPersonIdsOf(db, auth.user)).includes(detail.row.id)) return;
  await auditAdminChange(db, auth, requestId, {
    action: 'user.protected-identity-viewed',
    entityType: 'user',
    entityId: detail.row.id,
  });
}

interface Change<T> {
  /** The part of the user the change is about, for the audit's before and after. */
  snapshot: (detail: UserDetail) => unknown;
  apply: (tx: Executor, before: UserDetail) => Promise<T>;
  action: string;
  /** Who may make it: the screen's rule, asked of the user as they are before it. */
  rule: Rule<AuthUser>;
  /** Said in the audit's after beside the snapshot (why it was made). */
  note?: Record<string, unknown>;
}

/**
 * Load → check → change → audit, in one transaction; answers the user as it
 * now is. Several changes of one request go together: all or none.
 */
export async function changeUser<T>(
  db: Database,
  auth: AuthContext,
  requestId: string,
  userId: number,
  ...changes: Change<T>[]
) {
  return db.transaction(async (tx) => {
    let before = await userDetailOrThrow(tx, userId, auth.user);
    for (const change of changes) authorize(auth.user, change.rule, before.target);
    for (const change of changes) {
      const changed = await change.apply(tx, before);
      const after = await userDetailOrThrow(tx, userId, auth.user);
      if (changed !== false) {
        await auditAdminChange(tx, auth, requestId, {
          action: change.action,
          entityType: 'user',
          entityId: userId,
          before: change.snapshot(before),
          after: { ...(change.snapshot(after) as object), ...change.note },
        });
      }
      before = after;
    }
    return presentUserDetail(before, auth.user);
  });
}

const names = (detail: UserDetail) => ({
  email: detail.row.email,
  firstName: detail.row.firstName,
  lastName: detail.row.lastName,
});
const groupIds = (detail: UserDetail) => ({ nodeIds: detail.groups.map((node) => node.id) });
const roleKeysOf = (detail: UserDetail) => ({ roles: detail.target.roles.map((role) => role.key) });
const overridesOf = (detail: UserDetail) => ({ capabilities: detail.capabilityOverrides });
const categoryIdsOf = (detail: UserDetail) => ({ categoryIds: detail.directCategoryIds });

const markOf = (detail: UserDetail) => ({ securityMarking: detail.row.securityMarking });

/**
 * Name and e-mail, the security marking, or both. The marking needs the right
 * to see protected people and a reason, which the audit keeps (decision 0039).
 */
export function updateUser(
  db: Database,
  auth: AuthContext,
  requestId: string,
  userId: number,
  input: UserUpdateRequest,
  languages: ContentLanguages,
) {
  const { email, firstName, lastName, securityMarking, securityMarkingReason, preferredLanguage } =
    input;
  const changes: Change<unknown>[] = [];
  if (email !== undefined && firstName !== undefined && lastName !== undefined) {
    changes.push({
      action: 'user.update',
      rule: usersPolicy.edit,
      snapshot: names,
      apply: (tx) => updateUserNames(tx, userId, { email, firstName, lastName }),
    });
  }
  if (securityMarking !== undefined) {
    changes.push({
      action: 'user.security-marking',
      rule: usersPolicy.securityMarking,
      snapshot: markOf,
      note: { reason: securityMarkingReason },
      apply: async (tx, before) =>
        before.row.securityMarking !== securityMarking &&
        updateSecurityMarking(tx, userId, securityMarking),
    });
  }
  if (preferredLanguage !== undefined) {
    const language = languages.orThrow(preferredLanguage, 'preferredLanguage');
    changes.push({
      action: 'user.language',
      rule: usersPolicy.edit,
      snapshot: (detail) => ({ preferredLanguage: detail.row.preferredLanguage }),
      apply: async (tx, before) =>
        before.row.preferredLanguage !== language.code &&
        updatePreferredLanguage(tx, userId, language.code),
    });
  }
  return changeUser(db, auth, requestId, userId, ...changes);
}

async function nodesOrThrow(tx: Executor, nodeIds: readonly number[]) {
  const unique = [...new Set(nodeIds)];
  const found = await existingNodeIds(tx, unique);
  const missing = unique.filter((nodeId) => !found.has(nodeId));
  if (missing.length === 1 && nodeIds.length === 1)
    throw errors.notFound(sv.admin.errors.nodeNotFound);
  if (missing.length) {
    throw errors.validation([
      { field: 'nodeIds', message: `${sv.admin.errors.nodeNotFound} (${missing.join(', ')})` },
    ]);
  }
  return unique;
}

export function addUserNodes(
  db: Database,
  auth: AuthContext,
  requestId: string,
  userId: number,
  nodeIds: readonly number[],
) {
  return changeUser(db, auth, requestId, userId, {
    action: 'user.nodes.add',
    rule: usersPolicy.editGroups,
    snapshot: groupIds,
    apply: async (tx) => (await addMemberships(tx, userId, await nodesOrThrow(tx, nodeIds))) > 0,
  });
}

export function removeUserNodes(
  db: Database,
  auth: AuthContext,
  requestId: string,
  userId: number,
  nodeIds: readonly number[],
) {
  return changeUser(db, auth, requestId, userId, {
    action: 'user.nodes.remove',
    rule: usersPolicy.editGroups,
    snapshot: groupIds,
    apply: async (tx) => (await removeMemberships(tx, userId, await nodesOrThrow(tx, nodeIds))) > 0,
  });
}

const isMainRole = (key: string) => (mainRoleKeys as readonly string[]).includes(key);

/**
 * Gives a user a role; the role may hand out only rights the administrator
 * holds. A user has one main role: another main role is refused unless
 * `replace` says to swap it, so no main role is lost by a slip.
 */
export function grantUserRole(
  db: Database,
  auth: AuthContext,
  requestId: string,
  userId: number,
  roleId: number,
  { replace = false }: { replace?: boolean } = {},
) {
  return changeUser(db, auth, requestId, userId, {
    action: 'user.role.add',
    rule: usersPolicy.editRoles,
    snapshot: roleKeysOf,
    apply: async (tx, before) => {
      const role = await findRole(tx, roleId);
      if (!role) throw errors.notFound(sv.admin.errors.roleNotFound);
      if (before.target.roles.some((held) => held.id === roleId)) return false;
      authorize(auth.user, rolesPolicy.manage, role.key);
      const values = await roleCapabilityValues(tx, roleId);
      authorize(
        auth.user,
        grantsOnlyOwnRights,
        Object.keys(values).filter((key) => values[key] === true),
      );
      if (isMainRole(role.key)) {
        const otherMain = before.target.roles.filter((held) => isMainRole(held.key));
        if (otherMain.length > 0 && !replace)
          throw new AppError(
            409,
            'MAIN_ROLE_HELD',
            format(sv.admin.errors.mainRoleHeld, {
              role: otherMain.map((held) => held.name).join(', '),
            }),
          );
        await removeUserRoles(
          tx,
          userId,
          otherMain.map((held) => held.id),
        );
      }
      return addUserRole(tx, userId, roleId);
    },
  });
}

export function revokeUserRole(
  db: Database,
  auth: AuthContext,
  requestId: string,
  userId: number,
  roleId: number,
) {
  return changeUser(db, auth, requestId, userId, {
    action: 'user.role.remove',
    rule: usersPolicy.editRoles,
    snapshot: roleKeysOf,
    apply: async (tx, before) => {
      const role = await findRole(tx, roleId);
      if (!role) throw errors.notFound(sv.admin.errors.roleNotFound);
      if (!before.target.roles.some((held) => held.id === roleId)) return false;
      authorize(auth.user, rolesPolicy.manage, role.key);
      if (role.key === 'role_superadmin') {
        await findRoleForUpdate(tx, roleId);
        if ((await countOtherHolders(tx, roleId, userId)) === 0) {
          throw errors.conflict(sv.admin.errors.lastSuperadmin);
        }
      }
      if (isMainRole(role.key)) {
        const held = await rolesOfUser(tx, userId);
        if (!held.some((other) => other.id !== roleId && isMainRole(other.key))) {
          throw errors.conflict(sv.admin.errors.lastMainRole);
        }
      }
      return (await removeUserRoles(tx, userId, [roleId])) > 0;
    },
  });
}

/** A per-user value (true/false) or, with null, back to what the roles say. */
export function changeUserCapability(
  db: Database,
  auth: AuthContext,
  requestId: string,
  userId: number,
  capability: string,
  value: boolean | null,
) {
  const key = capabilityKeyOrThrow(capability);
  return changeUser(db, auth, requestId, userId, {
    action: value === null ? 'user.capability.remove' : 'user.capability.set',
    rule: usersPolicy.editCapabilities,
    snapshot: overridesOf,
    apply: async (tx) => {
      if (value === true) authorize(auth.user, grantsOnlyOwnRights, [key]);
      if (value === null) await deleteUserCapability(tx, userId, key);
      else await setUserCapability(tx, userId, key, value);
    },
  });
}

export function changeUserCategory(
  db: Database,
  auth: AuthContext,
  requestId: string,
  userId: number,
  categoryId: number,
  link: boolean,
) {
  return changeUser(db, auth, requestId, userId, {
    action: link ? 'user.category.add' : 'user.category.remove',
    rule: usersPolicy.edit,
    snapshot: categoryIdsOf,
    apply: async (tx) => {
      if (!(await findCategory(tx, categoryId))) {
        throw errors.notFound(sv.admin.errors.categoryNotFound);
      }
      return link
        ? addUserCategory(tx, userId, categoryId)
        : removeUserCategory(tx, userId, categoryId);
    },
  });
}

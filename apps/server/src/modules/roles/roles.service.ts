import { format, isCapabilityKey, sv, type RoleCreateRequest } from '@skolportalen/shared';
import type { Database } from '../../db/client';
import { grantsOnlyOwnRights } from '../../identity/admin-access';
import { authorize } from '../../identity/authorize';
import type { AuthContext } from '../../identity/authenticate';
import { errors } from '../../http/errors';
import { auditAdminChange } from '../audit/admin-audit';
import { findCategory } from '../categories/categories.repo';
import { isBuiltInRole, rolesPolicy } from './roles.policy';
import {
  countRoleHolders,
  deleteRole,
  deleteRoleCapability,
  findRole,
  insertRole,
  presentRole,
  roleCapabilityValues,
  setRoleCapability,
} from './roles.repo';

export function capabilityKeyOrThrow(key: string) {
  if (!isCapabilityKey(key)) {
    throw errors.validation([
      { field: 'cap', message: format(sv.admin.errors.unknownCapability, { key }) },
    ]);
  }
  return key;
}

export async function createRole(
  db: Database,
  auth: AuthContext,
  requestId: string,
  input: RoleCreateRequest,
) {
  return db.transaction(async (tx) => {
    if (input.categoryId !== null) {
      if (!(await findCategory(tx, input.categoryId))) {
        throw errors.validation([
          { field: 'categoryId', message: sv.admin.errors.categoryNotFound },
        ]);
      }
    }
    const created = await insertRole(tx, input);
    if (!created) throw errors.conflict(format(sv.admin.errors.roleKeyTaken, { key: input.key }));
    const role = { ...presentRole(created), capabilities: {} };
    await auditAdminChange(tx, auth, requestId, {
      action: 'role.create',
      entityType: 'role',
      entityId: created.id,
      after: role,
    });
    return role;
  });
}

export async function removeRole(db: Database, auth: AuthContext, requestId: string, id: number) {
  await db.transaction(async (tx) => {
    const role = await findRole(tx, id);
    if (!role) throw errors.notFound(sv.admin.errors.roleNotFound);
    if (isBuiltInRole(role.key)) throw errors.conflict(sv.admin.errors.builtInRole);
    const holders = await countRoleHolders(tx, id);
    if (holders > 0) throw errors.conflict(format(sv.admin.errors.roleInUse, { count: holders }));
    const before = { ...presentRole(role), capabilities: await roleCapabilityValues(tx, id) };
    await deleteRole(tx, id);
    await auditAdminChange(tx, auth, requestId, {
      action: 'role.delete',
      entityType: 'role',
      entityId: id,
      before,
    });
  });
}

/** Sets (true/false) or removes (null) one right of a role; answers the role with its rights. */
export async function changeRoleCapability(
  db: Database,
  auth: AuthContext,
  requestId: string,
  roleId: number,
  capability: string,
  value: boolean | null,
) {
  const key = capabilityKeyOrThrow(capability);
  return db.transaction(async (tx) => {
    const role = await findRole(tx, roleId);
    if (!role) throw errors.notFound(sv.admin.errors.roleNotFound);
    authorize(auth.user, rolesPolicy.manage, role.key);
    if (role.key === 'role_superadmin' && value !== true) {
      throw errors.conflict(sv.admin.errors.superadminRights);
    }
    if (value === true) authorize(auth.user, grantsOnlyOwnRights, [key]);
    const before = await roleCapabilityValues(tx, roleId);
    if (value === null) await deleteRoleCapability(tx, roleId, key);
    else await setRoleCapability(tx, roleId, key, value);
    const after = await roleCapabilityValues(tx, roleId);
    await auditAdminChange(tx, auth, requestId, {
      action: value === null ? 'role.capability.remove' : 'role.capability.set',
      entityType: 'role',
      entityId: roleId,
      before: { key: role.key, capability: key, value: before[key] ?? null },
      after: { key: role.key, capability: key, value: after[key] ?? null },
    });
    return { ...presentRole(role), capabilities: after };
  });
}

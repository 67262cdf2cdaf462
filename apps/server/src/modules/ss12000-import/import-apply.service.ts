import {
  format,
  ids,
  isProtectedMarking,
  mainRoleKeys,
  sv,
  type ImportCounts,
  type MainRoleKey,
  type SecurityMarking,
} from '@skolportalen/shared';
import type { Database, Executor } from '../../db/client';
import { recordAudit } from '../audit/audit.repo';
import { insertNode, updateNodeRow } from '../nodes/nodes.repo';
import {
  addAccountLinks,
  addCategoryLinks,
  addMemberships,
  addUserRoles,
  insertImportedUser,
  markImported,
  nodesByExternalId,
  removeMemberships,
  roleIdsByKey,
  roleKeysOfUsers,
  sourcedMemberships,
  updateImportedUser,
  usersByExternalId,
  usersByUid,
} from './import-apply.repo';
import { disableLeavers, enableReturning, type ImportRunContext } from './import-leavers';
import { anyProtects, reportedPerson, type ImportPlan, type PlannedAccount } from './import-plan';

export type ImportPhase = 'groups' | 'persons' | 'leavers' | 'memberships' | 'links';

export interface ApplyHooks {
  /** Called after each batch, with 0–100 within the whole run. */
  progress: (phase: ImportPhase, percent: number) => Promise<void>;
}

const personBatch = 250;
const nodeBatch = 100;
const chunks = <T>(list: readonly T[], size: number) =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, index) =>
    list.slice(index * size, index * size + size),
  );
const isMainRole = (key: string): key is MainRoleKey =>
  (mainRoleKeys as readonly string[]).includes(key);

/**
 * Makes the portal match the plan, one transaction per batch. Creates and
 * updates; memberships of imported groups follow the source; imported
 * accounts the source no longer lists are disabled (import-leavers.ts), never
 * deleted. Running it again with the same plan changes nothing.
 */
export async function applyImportPlan(
  db: Database,
  plan: ImportPlan,
  /** Counted as batches commit, so a run that stops half-way reports what it did. */
  counts: ImportCounts,
  hooks: ApplyHooks,
  run: ImportRunContext,
) {
  const warnings: string[] = [];
  const nodeIds = await applyNodes(db, plan, counts);
  await hooks.progress('groups', 20);

  const userIds = new Map<string, number>();
  const batches = chunks(plan.accounts, personBatch);
  for (const [index, batch] of batches.entries()) {
    await db.transaction((tx) => applyAccounts(tx, batch, run, userIds, counts, warnings));
    await hooks.progress('persons', 20 + Math.round((40 * (index + 1)) / batches.length));
  }
  await disableLeavers(db, plan, run, counts, warnings);
  await hooks.progress('leavers', 65);

  const wanted = new Map<number, Set<number>>();
  for (const account of plan.accounts) {
    const userId = userIds.get(account.externalId);
    if (userId === undefined) continue;
    for (const externalId of account.memberships) {
      const nodeId = nodeIds.get(externalId)!;
      wanted.set(nodeId, (wanted.get(nodeId) ?? new Set()).add(userId));
    }
  }
  const nodeBatches = chunks([...nodeIds.values()], nodeBatch);
  for (const [index, batch] of nodeBatches.entries()) {
    await db.transaction(async (tx) => {
      const existing = await sourcedMemberships(tx, batch);
      const has = new Set(existing.map((row) => `${row.nodeId}:${row.userId}`));
      const add = batch.flatMap((nodeId) =>
        [...(wanted.get(nodeId) ?? [])]
          .filter((userId) => !has.has(`${nodeId}:${userId}`))
          .map((userId) => ({ userId, nodeId })),
      );
      const remove = existing.filter((row) => !wanted.get(row.nodeId)?.has(row.userId));
      counts.membershipsAdded += await addMemberships(tx, add);
      counts.membershipsRemoved += await removeMemberships(tx, remove);
    });
    await hooks.progress('memberships', 65 + Math.round((25 * (index + 1)) / nodeBatches.length));
  }

  await db.transaction(async (tx) => {
    const link = (from: string, to: string, relation: 'account' | 'child') => {
      const userId = userIds.get(from);
      const relatedUserId = userIds.get(to);
      return userId === undefined || relatedUserId === undefined
        ? []
        : [{ userId, relatedUserId, relation }];
    };
    counts.accountLinksAdded += await addAccountLinks(tx, [
      ...plan.childLinks.flatMap(([guardian, child]) => link(guardian, child, 'child')),
      ...plan.samePerson.flatMap(([a, b]) => [...link(a, b, 'account'), ...link(b, a, 'account')]),
    ]);
    // Content aimed at teachers or students reaches the imported schools, as in the demo municipality.
    const roles = await roleIdsByKey(tx);
    const categoryIds = ['role_teacher', 'role_student'].flatMap(
      (key) => roles.get(key)?.categoryId ?? [],
    );
    counts.categoryLinksAdded += await addCategoryLinks(
      tx,
      plan.schools.flatMap((school) =>
        categoryIds.map((categoryId) => ({ categoryId, nodeId: nodeIds.get(school.externalId)! })),
      ),
    );
  });
  await hooks.progress('links', 100);
  return { warnings };
}

/** Schools under the municipality, groups under their school; names follow the source. */
async function applyNodes(db: Database, plan: ImportPlan, counts: ImportCounts) {
  return db.transaction(async (tx) => {
    const existing = new Map(
      (
        await nodesByExternalId(tx, [
          ...plan.schools.map((school) => school.externalId),
          ...plan.groups.map((group) => group.externalId),
        ])
      ).map((node) => [node.externalId!, node]),
    );
    const result = new Map<string, number>();
    const upsert = async (
      externalId: string,
      fields: { name: string; type: string; value: string | null; main: boolean },
      parentId: number,
    ) => {
      const node = existing.get(externalId);
      if (!node) {
        const created = await insertNode(tx, {
          ...fields,
          externalId,
          parentId,
          categoryId: ids.groupCategoryId,
        });
        counts.nodesCreated += 1;
        result.set(externalId, created.id);
        return;
      }
      // The place in the tree is the administrators' to change; name, type, value and main follow the source.
      if (
        node.name !== fields.name ||
        node.type !== fields.type ||
        node.value !== fields.value ||
        node.main !== fields.main
      ) {
        await updateNodeRow(tx, node.id, fields);
        counts.nodesUpdated += 1;
      }
      result.set(externalId, node.id);
    };
    for (const school of plan.schools) {
      await upsert(
        school.externalId,
        { name: school.name, type: 'Skolenhet', value: school.value, main: false },
        ids.municipalityNodeId,
      );
    }
    for (const group of plan.groups) {
      await upsert(
        group.externalId,
        { name: group.name, type: group.type, value: null, main: group.type === 'Klass' },
        result.get(group.schoolExternalId)!,
      );
    }
    return result;
  });
}

async function applyAccounts(
  tx: Executor,
  batch: readonly PlannedAccount[],
  run: ImportRunContext,
  userIds: Map<string, number>,
  counts: ImportCounts,
  warnings: string[],
) {
  const existing = new Map(
    (
      await usersByExternalId(
        tx,
        batch.map((account) => account.externalId),
      )
    ).map((user) => [user.externalId!, user]),
  );
  const taken = await usersByUid(
    tx,
    batch.map((account) => account.uid),
  );
  const roles = await roleIdsByKey(tx);
  for (const account of batch) {
    const user = existing.get(account.externalId);
    if (user) {
      userIds.set(account.externalId, user.id);
      // The source's mark, new, changed or cleared; without one the portal's stands.
      const securityMarking = account.securityMarking ?? user.securityMarking;
      if (
        user.firstName !== account.firstName ||
        user.lastName !== account.lastName ||
        user.email !== account.email ||
        user.securityMarking !== securityMarking
      ) {
        await updateImportedUser(tx, user.id, {
          firstName: account.firstName,
          lastName: account.lastName,
          email: account.email,
          securityMarking,
        });
        counts.usersUpdated += 1;
      }
      if (user.securityMarking !== securityMarking) {
        await markingAudit(tx, run, user.id, user.securityMarking, securityMarking);
        if (!isProtectedMarking(securityMarking)) {
          const person = reportedPerson(account, user.securityMarking);
          warnings.push(format(sv.admin.import.warnings.markingCleared, { person }));
        }
      }
      continue;
    }
    if (taken.some((other) => other.uid === account.uid || other.username === account.uid)) {
      const person = reportedPerson(account, account.securityMarking);
      warnings.push(
        // A protected person's user id names them as well as their name does.
        anyProtects([account.securityMarking])
          ? format(sv.admin.import.warnings.uidTakenProtected, { person })
          : format(sv.admin.import.warnings.uidTaken, { person, uid: account.uid }),
      );
      continue;
    }
    const userId = await insertImportedUser(tx, {
      uid: account.uid,
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      externalId: account.externalId,
      securityMarking: account.securityMarking ?? 'Ingen',
    });
    userIds.set(account.externalId, userId);
    counts.usersCreated += 1;
  }

  // Listed again: an account the import had disabled is enabled; one made by hand comes into the import's care.
  const listed = [...existing.values()];
  counts.usersEnabled += await enableReturning(
    tx,
    run,
    listed.filter((user) => user.disabledByImport).map((user) => user.id),
  );
  await markImported(
    tx,
    listed.filter((user) => !user.importedAt).map((user) => user.id),
  );

  const planned = batch.filter((account) => userIds.has(account.externalId));
  const held = await roleKeysOfUsers(
    tx,
    planned.map((account) => userIds.get(account.externalId)!),
  );
  const additions: { userId: number; roleId: number }[] = [];
  for (const account of planned) {
    const userId = userIds.get(account.externalId)!;
    const keys = held.filter((row) => row.userId === userId).map((row) => row.key);
    const main = keys.find(isMainRole);
    // A main role someone set in the portal stands; the report says where the source differs.
    if (main && main !== account.mainRole) {
      warnings.push(
        format(sv.admin.import.warnings.roleDiffers, {
          person: reportedPerson(
            account,
            account.securityMarking,
            existing.get(account.externalId)?.securityMarking,
          ),
          current: sv.roles[main],
          expected: sv.roles[account.mainRole],
        }),
      );
    }
    for (const key of [...(main ? [] : [account.mainRole]), ...account.extraRoles]) {
      if (keys.includes(key)) continue;
      additions.push({ userId, roleId: roles.get(key)!.id });
    }
  }
  counts.rolesAdded += await addUserRoles(tx, additions);
}

/** A mark the source set, changed or cleared: who started the run, and the marks before and after. */
function markingAudit(
  tx: Executor,
  run: ImportRunContext,
  userId: number,
  before: SecurityMarking,
  after: SecurityMarking,
) {
  return recordAudit(tx, {
    actorUserId: run.createdBy,
    action: 'user.security-marking',
    entityType: 'user',
    entityId: userId,
    before: { securityMarking: before },
    after: { securityMarking: after, importRunId: run.id },
  });
}

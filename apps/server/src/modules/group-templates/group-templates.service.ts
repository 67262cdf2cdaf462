import {
  hasCapability,
  sv,
  type GroupTemplateResponse,
  type groupTemplateInput,
  type z,
} from '@skolportalen/shared';
import type { Database, Executor } from '../../db/client';
import type { Actor } from '../../identity/actor';
import { errors } from '../../http/errors';
import { recordAudit } from '../audit/audit.repo';
import { presentNode } from '../nodes/nodes.repo';
import type { AuthUser } from '../../identity/auth-user.repo';
import {
  countGroups,
  deleteGroupTemplate,
  groupsOf,
  insertGroupTemplate,
  updateGroupTemplate,
  type GroupTemplateRow,
} from './group-templates.repo';

type Values = z.output<typeof groupTemplateInput>;

/** Templates serve content creators: create_post granted and use_group_templates not denied. */
export function canUseGroupTemplates(user: AuthUser): boolean {
  return (
    hasCapability(user.capabilities, 'create_post') &&
    hasCapability(user.capabilities, ['use_group_templates'])
  );
}

export function assertMayUse(user: AuthUser) {
  if (!canUseGroupTemplates(user)) throw errors.forbidden();
}

export async function presentGroupTemplates(
  db: Executor,
  rows: readonly GroupTemplateRow[],
): Promise<GroupTemplateResponse[]> {
  const groups = await groupsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const nodes = groups.get(row.id) ?? [];
    return {
      id: row.id,
      name: row.name,
      nodeIds: nodes.map((node) => node.id),
      nodes: nodes.map(presentNode),
      created: row.createdAt.toISOString(),
      updated: row.updatedAt.toISOString(),
      can: { edit: true, delete: true },
    };
  });
}

async function checkGroups(db: Executor, nodeIds: readonly number[]) {
  if ((await countGroups(db, nodeIds)) !== nodeIds.length) {
    throw errors.validation([
      { field: 'nodeIds', message: sv.toolsAndProfile.adminTools.unknownGroup },
    ]);
  }
}

async function auditIfMasked(db: Executor, actor: Actor, action: string, templateId: number) {
  if (actor.realUserId === null) return;
  await recordAudit(db, {
    actorUserId: actor.user.id,
    realUserId: actor.realUserId,
    action,
    entityType: 'group-template',
    entityId: templateId,
    requestId: actor.requestId,
  });
}

export async function createGroupTemplate(db: Database, actor: Actor, values: Values) {
  assertMayUse(actor.user);
  return db.transaction(async (tx) => {
    await checkGroups(tx, values.nodeIds);
    const row = await insertGroupTemplate(tx, actor.user.id, values);
    await auditIfMasked(tx, actor, 'group-template.created', row.id);
    return row;
  });
}

export async function changeGroupTemplate(
  db: Database,
  actor: Actor,
  templateId: number,
  values: Values,
) {
  assertMayUse(actor.user);
  return db.transaction(async (tx) => {
    await checkGroups(tx, values.nodeIds);
    const row = await updateGroupTemplate(tx, actor.user.id, templateId, values);
    if (!row) throw errors.notFound();
    await auditIfMasked(tx, actor, 'group-template.updated', templateId);
    return row;
  });
}

export async function removeGroupTemplate(db: Database, actor: Actor, templateId: number) {
  assertMayUse(actor.user);
  await db.transaction(async (tx) => {
    if (!(await deleteGroupTemplate(tx, actor.user.id, templateId))) throw errors.notFound();
    await auditIfMasked(tx, actor, 'group-template.deleted', templateId);
  });
}

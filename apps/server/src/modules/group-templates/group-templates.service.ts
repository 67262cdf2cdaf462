import {
  sv,
  type GroupTemplateResponse,
  type groupTemplateInput,
  type z,
} from '@skolportalen/shared';
import type { Database, Executor } from '../../db/client';
import type { Actor } from '../../identity/actor';
import { authorize } from '../../identity/authorize';
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
import { groupTemplateCan, groupTemplatesPolicy } from './group-templates.policy';

type Values = z.output<typeof groupTemplateInput>;

export async function presentGroupTemplates(
  db: Executor,
  owner: AuthUser,
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
      can: groupTemplateCan(owner),
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
  authorize(actor.user, groupTemplatesPolicy.use);
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
  authorize(actor.user, groupTemplatesPolicy.use);
  return db.transaction(async (tx) => {
    await checkGroups(tx, values.nodeIds);
    const row = await updateGroupTemplate(tx, actor.user.id, templateId, values);
    if (!row) throw errors.notFound();
    await auditIfMasked(tx, actor, 'group-template.updated', templateId);
    return row;
  });
}

export async function removeGroupTemplate(db: Database, actor: Actor, templateId: number) {
  authorize(actor.user, groupTemplatesPolicy.use);
  await db.transaction(async (tx) => {
    if (!(await deleteGroupTemplate(tx, actor.user.id, templateId))) throw errors.notFound();
    await auditIfMasked(tx, actor, 'group-template.deleted', templateId);
  });
}

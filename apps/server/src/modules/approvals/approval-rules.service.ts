import type { approvalRuleInput } from '@skolportalen/shared';
import { hasCapability, sv, type z } from '@skolportalen/shared';
import type { Database, Executor } from '../../db/client';
import type { Actor } from '../../identity/actor';
import type { AuthUser } from '../../identity/auth-user.repo';
import { errors } from '../../http/errors';
import { recordAudit } from '../audit/audit.repo';
import {
  deleteRule,
  existingRoleKeys,
  findRule,
  holdersOfRole,
  insertRule,
  listRules,
  presentRule,
  updateRule,
} from './approval-rules.repo';

const t = sv.approvals;
type RuleValues = z.output<typeof approvalRuleInput>;

function assertMayManage(user: AuthUser) {
  if (!hasCapability(user.capabilities, 'manage_approval_rules')) throw errors.forbidden();
}

/** A rule names roles that exist, and someone holds the approving role: no post is left stuck. */
async function checkRule(db: Executor, values: RuleValues) {
  const known = await existingRoleKeys(db, [values.approverRole, ...values.authorRoles]);
  const problems: { field: string; message: string }[] = [];
  if (!known.has(values.approverRole)) {
    problems.push({ field: 'approverRole', message: t.errors.unknownRole });
  } else if ((await holdersOfRole(db, values.approverRole)) === 0) {
    problems.push({ field: 'approverRole', message: t.errors.noApprover });
  }
  if (values.authorRoles.some((key) => !known.has(key))) {
    problems.push({ field: 'authorRoles', message: t.errors.unknownAuthorRole });
  }
  if (problems.length) throw errors.validation(problems);
}

export async function listApprovalRules(db: Database, user: AuthUser) {
  assertMayManage(user);
  return (await listRules(db)).map(presentRule);
}

export async function createApprovalRule(db: Database, actor: Actor, values: RuleValues) {
  assertMayManage(actor.user);
  return db.transaction(async (tx) => {
    await checkRule(tx, values);
    const row = await insertRule(tx, values, actor.user.id);
    await recordAudit(tx, {
      actorUserId: actor.user.id,
      realUserId: actor.realUserId,
      action: 'approval-rule.created',
      entityType: 'approval-rule',
      entityId: row.id,
      after: values,
      requestId: actor.requestId,
    });
    return presentRule(row);
  });
}

export async function updateApprovalRule(
  db: Database,
  actor: Actor,
  id: number,
  values: RuleValues,
) {
  assertMayManage(actor.user);
  return db.transaction(async (tx) => {
    const before = await findRule(tx, id);
    if (!before) throw errors.notFound();
    await checkRule(tx, values);
    const row = (await updateRule(tx, id, values))!;
    await recordAudit(tx, {
      actorUserId: actor.user.id,
      realUserId: actor.realUserId,
      action: 'approval-rule.updated',
      entityType: 'approval-rule',
      entityId: id,
      before: presentRule(before),
      after: values,
      requestId: actor.requestId,
    });
    return presentRule(row);
  });
}

export async function removeApprovalRule(db: Database, actor: Actor, id: number) {
  assertMayManage(actor.user);
  return db.transaction(async (tx) => {
    const before = await findRule(tx, id);
    if (!before || !(await deleteRule(tx, id))) throw errors.notFound();
    await recordAudit(tx, {
      actorUserId: actor.user.id,
      realUserId: actor.realUserId,
      action: 'approval-rule.deleted',
      entityType: 'approval-rule',
      entityId: id,
      before: presentRule(before),
      requestId: actor.requestId,
    });
    return { ok: true as const };
  });
}

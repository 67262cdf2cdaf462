import type { ApprovalRule } from '@skolportalen/shared';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import { approvalRules, roles } from '../../db/schema';

export type ApprovalRuleRow = typeof approvalRules.$inferSelect;
export type ApprovalRuleValues = Pick<
  ApprovalRuleRow,
  'name' | 'postTypes' | 'audience' | 'authorRoles' | 'approverRole' | 'approverSameSchool'
>;

export function presentRule(row: ApprovalRuleRow): ApprovalRule {
  return {
    id: row.id,
    name: row.name,
    postTypes: row.postTypes,
    audience: row.audience,
    authorRoles: row.authorRoles,
    approverRole: row.approverRole,
    approverSameSchool: row.approverSameSchool,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function listRules(db: Executor) {
  return db.select().from(approvalRules).orderBy(asc(approvalRules.id));
}

export async function findRule(db: Executor, id: number) {
  const [row] = await db.select().from(approvalRules).where(eq(approvalRules.id, id));
  return row;
}

export async function insertRule(db: Executor, values: ApprovalRuleValues, createdBy: number) {
  const [row] = await db
    .insert(approvalRules)
    .values({ ...values, createdBy })
    .returning();
  return row!;
}

export async function updateRule(db: Executor, id: number, values: ApprovalRuleValues) {
  const [row] = await db
    .update(approvalRules)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(approvalRules.id, id))
    .returning();
  return row;
}

export async function deleteRule(db: Executor, id: number) {
  const deleted = await db
    .delete(approvalRules)
    .where(eq(approvalRules.id, id))
    .returning({ id: approvalRules.id });
  return deleted.length > 0;
}

/** Which of the role keys exist. */
export async function existingRoleKeys(db: Executor, keys: readonly string[]) {
  if (keys.length === 0) return new Set<string>();
  const rows = await db
    .select({ key: roles.key })
    .from(roles)
    .where(inArray(roles.key, [...keys]));
  return new Set(rows.map((row) => row.key));
}

/** How many enabled accounts hold the role. */
export async function holdersOfRole(db: Executor, roleKey: string) {
  const [row] = await rowsOf<{ holders: number }>(
    db,
    sql`select count(distinct ur.user_id)::int as holders
        from user_roles ur join roles r on r.id = ur.role_id join users u on u.id = ur.user_id
        where r.key = ${roleKey} and u.disabled_at is null`,
  );
  return Number(row?.holders ?? 0);
}

/** Whether any rule names one of these roles as its approvers. */
export async function holdsApproverRole(db: Executor, roleKeys: readonly string[]) {
  if (roleKeys.length === 0) return false;
  const [row] = await db
    .select({ id: approvalRules.id })
    .from(approvalRules)
    .where(inArray(approvalRules.approverRole, [...roleKeys]))
    .limit(1);
  return row !== undefined;
}

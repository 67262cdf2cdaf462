import type { retentionRuleInput } from '@skolportalen/shared';
import { format, sv, type RetentionRule } from '@skolportalen/shared';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import { retentionRules } from '../../db/schema';
import type { Actor } from '../../identity/actor';
import { errors } from '../../http/errors';
import { recordAudit } from '../audit/audit.repo';
import { dueCountsByRule } from './retention-run';

const t = sv.retention.errors;
type RuleValues = z.output<typeof retentionRuleInput>;
type RuleRow = typeof retentionRules.$inferSelect;

function present(row: RuleRow, due: number): RetentionRule {
  return {
    id: row.id,
    postType: row.postType as RetentionRule['postType'],
    keepMonths: row.keepMonths,
    decision: row.decision,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    due: row.keepMonths === null ? 0 : due,
  };
}

/** What the audit log keeps of a rule, before and after a change. */
const audited = (row: RuleRow) => ({
  postType: row.postType,
  keepMonths: row.keepMonths,
  decision: row.decision,
});

/** The rules by type, each with what the next run would delete under it. */
export async function listRetentionRules(db: Executor, now: Date): Promise<RetentionRule[]> {
  const rows = await db.select().from(retentionRules).orderBy(asc(retentionRules.postType));
  const due = await dueCountsByRule(db, now);
  return rows.map((row) => present(row, due.get(row.id) ?? 0));
}

/** A second rule for a type is refused by the unique index; the answer names the type. */
function isTypeTaken(error: unknown): boolean {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e;) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}
const typeTaken = (type: string) =>
  errors.conflict(
    format(t.ruleExists, { type: sv.content.types[type as keyof typeof sv.content.types] }),
  );

async function withTypeCheck<T>(type: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isTypeTaken(error)) throw typeTaken(type);
    throw error;
  }
}

async function presentOne(db: Executor, row: RuleRow, now: Date) {
  const due = await dueCountsByRule(db, now);
  return present(row, due.get(row.id) ?? 0);
}

export async function createRetentionRule(
  db: Database,
  actor: Actor,
  values: RuleValues,
  now: Date,
): Promise<RetentionRule> {
  const row = await withTypeCheck(values.postType, () =>
    db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: retentionRules.id })
        .from(retentionRules)
        .where(eq(retentionRules.postType, values.postType));
      if (taken) throw typeTaken(values.postType);
      const [created] = await tx
        .insert(retentionRules)
        .values({ ...values, createdBy: actor.user.id, createdAt: now, updatedAt: now })
        .returning();
      await recordAudit(tx, {
        actorUserId: actor.user.id,
        realUserId: actor.realUserId,
        action: 'retention-rule.created',
        entityType: 'retention-rule',
        entityId: created!.id,
        after: audited(created!),
        requestId: actor.requestId,
      });
      return created!;
    }),
  );
  return presentOne(db, row, now);
}

export async function updateRetentionRule(
  db: Database,
  actor: Actor,
  id: number,
  values: RuleValues,
  now: Date,
): Promise<RetentionRule> {
  const row = await withTypeCheck(values.postType, () =>
    db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(retentionRules)
        .where(eq(retentionRules.id, id))
        .for('update');
      if (!before) throw errors.notFound(t.ruleNotFound);
      const [updated] = await tx
        .update(retentionRules)
        .set({ ...values, updatedAt: now })
        .where(eq(retentionRules.id, id))
        .returning();
      await recordAudit(tx, {
        actorUserId: actor.user.id,
        realUserId: actor.realUserId,
        action: 'retention-rule.updated',
        entityType: 'retention-rule',
        entityId: id,
        before: audited(before),
        after: audited(updated!),
        requestId: actor.requestId,
      });
      return updated!;
    }),
  );
  return presentOne(db, row, now);
}

export async function deleteRetentionRule(db: Database, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(retentionRules).where(eq(retentionRules.id, id)).returning();
    if (!deleted) throw errors.notFound(t.ruleNotFound);
    await recordAudit(tx, {
      actorUserId: actor.user.id,
      realUserId: actor.realUserId,
      action: 'retention-rule.deleted',
      entityType: 'retention-rule',
      entityId: id,
      before: audited(deleted),
      requestId: actor.requestId,
    });
  });
}

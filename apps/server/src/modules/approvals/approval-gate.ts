import { ids, type PostType } from '@skolportalen/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import { listRules, type ApprovalRuleRow } from './approval-rules.repo';

/** What a rule needs to know of a post and of the one publishing it. */
export interface ApprovalFacts {
  type: PostType;
  nodeIds: readonly number[];
  /** Who publishes (the author or an editor saving it). */
  actorId: number;
}

/** The posts a rule covers by their audience: aimed at the municipality, or at a whole school unit. */
async function aimedAt(db: Executor, nodeIds: readonly number[]) {
  if (nodeIds.length === 0) return { municipality: false, schoolUnit: false };
  const [row] = await rowsOf<{ school_unit: boolean }>(
    db,
    sql`select exists (select 1 from nodes where type = 'Skolenhet' and id in (${sql.join(
      nodeIds.map((id) => sql`${id}`),
      sql`, `,
    )})) as school_unit`,
  );
  return {
    municipality: nodeIds.includes(ids.municipalityNodeId),
    schoolUnit: Boolean(row?.school_unit),
  };
}

async function roleKeysOf(db: Executor, userId: number) {
  const rows = await rowsOf<{ key: string }>(
    db,
    sql`select r.key from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${userId}`,
  );
  return new Set(rows.map((row) => row.key));
}

function targetNodes(target: { postId: number } | { nodeIds: readonly number[] }) {
  if ('postId' in target)
    return sql`select node_id from post_nodes where post_id = ${target.postId}`;
  if (target.nodeIds.length === 0) return sql`select null::int where false`;
  return sql`select unnest(array[${sql.join(
    target.nodeIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[])`;
}

/**
 * Who may approve the post under the rule: enabled holders of its role, and
 * with `approverSameSchool` only those at a school unit the post reaches (one
 * it is aimed at, below it or above it; the municipality reaches every
 * school). A school without such a person falls back to every holder, so a
 * post is never left with nobody to approve it.
 */
export async function approversOf(
  db: Executor,
  rule: ApprovalRuleRow,
  /** A stored post's groups, or the groups a post being written aims at. */
  target: { postId: number } | { nodeIds: readonly number[] },
) {
  const holders = sql`select ur.user_id from user_roles ur join roles r on r.id = ur.role_id
    join users u on u.id = ur.user_id where r.key = ${rule.approverRole} and u.disabled_at is null`;
  if (rule.approverSameSchool) {
    const rows = await rowsOf<{ user_id: number }>(
      db,
      sql`
      with recursive targets(id) as (${targetNodes(target)}),
      above(id) as (
        select id from targets
        union select n.parent_id from nodes n join above a on n.id = a.id where n.parent_id is not null
      ),
      below(id) as (
        select id from targets union select n.id from nodes n join below b on n.parent_id = b.id
      ),
      schools(id) as (
        select n.id from nodes n where n.type = 'Skolenhet'
          and n.id in (select id from above union select id from below)
      )
      select distinct h.user_id from (${holders}) h
        join user_nodes un on un.user_id = h.user_id
        where un.node_id in (select id from schools)
      order by h.user_id`,
    );
    if (rows.length > 0) return rows.map((row) => Number(row.user_id));
  }
  const rows = await rowsOf<{ user_id: number }>(
    db,
    sql`select distinct h.user_id from (${holders}) h order by h.user_id`,
  );
  return rows.map((row) => Number(row.user_id));
}

export interface ApprovalNeeded {
  rule: ApprovalRuleRow;
  /** Who may approve it: never the one publishing it. */
  approverIds: number[];
}

/**
 * Whether publishing the post needs a second person's approval (issue 29):
 * the first rule that covers it by type, audience and the publisher's role,
 * unless the publisher is one of that rule's approvers (they publish
 * directly). Null when no rule asks for it.
 */
export async function approvalNeeded(
  db: Executor,
  facts: ApprovalFacts,
): Promise<ApprovalNeeded | null> {
  const rules = await listRules(db);
  if (rules.length === 0) return null;
  const aimed = await aimedAt(db, facts.nodeIds);
  const actorRoles = await roleKeysOf(db, facts.actorId);
  for (const rule of rules) {
    if (rule.postTypes.length > 0 && !rule.postTypes.includes(facts.type)) continue;
    if (rule.audience === 'municipality' && !aimed.municipality) continue;
    if (rule.audience === 'school-unit' && !aimed.schoolUnit) continue;
    if (rule.authorRoles.length > 0 && !rule.authorRoles.some((key) => actorRoles.has(key)))
      continue;
    const approvers = await approversOf(db, rule, { nodeIds: facts.nodeIds });
    if (approvers.includes(facts.actorId)) continue;
    return { rule, approverIds: approvers };
  }
  return null;
}

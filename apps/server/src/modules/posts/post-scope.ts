import { ids, type NodeResponse } from '@skolportalen/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import { nodes } from '../../db/schema';
import { presentNode } from '../nodes/nodes.repo';
import type { AuthUser } from '../../identity/auth-user.repo';
import { can } from '../../identity/authorize';
import { postsPolicy, type TargetScope } from './posts.policy';

/**
 * The groups a person may aim at by virtue of where they work: the groups
 * they belong to and the school units those lie in, each with everything
 * beneath it. A membership of the root (the municipality) counts for
 * nothing: it would open every school at once.
 */
export async function ownTargetGroups(db: Executor, userId: number): Promise<Set<number>> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`
    with recursive own(id) as (
      select n.id from user_nodes un join nodes n on n.id = un.node_id
        where un.user_id = ${userId} and n.parent_id is not null
    ),
    above(id) as (
      select id from own
      union
      select n.parent_id from nodes n join above a on n.id = a.id where n.parent_id is not null
    ),
    roots(id) as (
      select id from own
      union
      select n.id from nodes n join above a on a.id = n.id where n.type = 'Skolenhet'
    ),
    subtree(id) as (
      select id from roots
      union
      select child.id from nodes child join subtree s on child.parent_id = s.id
    )
    select id from subtree`,
  );
  return new Set(rows.map((row) => Number(row.id)));
}

/** Where a person may aim posts: the one rule for writes and for the editor's group picker. */
export async function targetScopeOf(db: Executor, user: AuthUser): Promise<TargetScope> {
  if (can(user, postsPolicy.targetAllGroups)) return { kind: 'all' };
  return { kind: 'groups', nodeIds: await ownTargetGroups(db, user.id) };
}

/** Where a post sent with sendNotification may go without send_notification. */
export async function notifyScopeOf(db: Executor, user: AuthUser): Promise<TargetScope> {
  if (can(user, postsPolicy.notifyAllGroups)) return { kind: 'all' };
  return { kind: 'groups', nodeIds: await ownTargetGroups(db, user.id) };
}

/** GET /post-target-groups: the groups the editor's picker offers, by name. */
export async function targetGroupsOf(db: Executor, user: AuthUser): Promise<NodeResponse[]> {
  const scope = await targetScopeOf(db, user);
  if (scope.kind === 'groups' && scope.nodeIds.size === 0) return [];
  const rows = await db
    .select()
    .from(nodes)
    .where(
      and(
        eq(nodes.categoryId, ids.groupCategoryId),
        scope.kind === 'all' ? undefined : inArray(nodes.id, [...scope.nodeIds]),
      ),
    )
    .orderBy(asc(nodes.name), asc(nodes.id));
  return rows.map(presentNode);
}

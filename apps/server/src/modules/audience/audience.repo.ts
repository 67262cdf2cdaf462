import { ids } from '@skolportalen/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';

/**
 * Who a user is, for targeting: content and tools aimed at any of these
 * reach the user (ARCHITECTURE §5 "Audience").
 */
export interface Audience {
  userId: number;
  /** The user's groups and every group above them (a class member is in its school too). */
  nodeIds: number[];
  /** The user's categories: linked directly or through a role (e.g. the role category). */
  categoryIds: number[];
}

export async function loadAudience(db: Executor, userId: number): Promise<Audience> {
  const nodes = await rowsOf<{ id: number }>(
    db,
    sql`
    with recursive member_of(id) as (
      select node_id from user_nodes where user_id = ${userId}
      union
      select n.parent_id from nodes n join member_of m on n.id = m.id where n.parent_id is not null
    )
    select id from member_of order by id`,
  );
  const categories = await rowsOf<{ id: number }>(
    db,
    sql`
    select category_id as id from user_categories where user_id = ${userId}
    union
    select r.category_id from user_roles ur join roles r on r.id = ur.role_id
      where ur.user_id = ${userId} and r.category_id is not null
    order by id`,
  );
  return {
    userId,
    nodeIds: nodes.map((row) => Number(row.id)),
    categoryIds: categories.map((row) => Number(row.id)),
  };
}

/**
 * Who a reader is for posts (decision 0011): their groups and every group
 * above them, the municipality node for everyone, a guardian's children's
 * groups (news for class 3A aimed at guardians reaches 3A's guardians), and
 * the role categories. One round trip.
 */
export async function loadPostAudience(db: Executor, userId: number): Promise<Audience> {
  const [row] = await rowsOf<{ node_ids: number[] | null; category_ids: number[] | null }>(
    db,
    sql`
    with recursive member_of(id) as (
      select node_id from user_nodes where user_id = ${userId}
      union
      select un.node_id from account_links al join user_nodes un on un.user_id = al.related_user_id
        where al.user_id = ${userId} and al.relation = 'child'
      union
      select n.parent_id from nodes n join member_of m on n.id = m.id where n.parent_id is not null
    )
    select
      (select array_agg(id order by id) from member_of) as node_ids,
      (select array_agg(id order by id) from (
        select category_id as id from user_categories where user_id = ${userId}
        union
        select r.category_id from user_roles ur join roles r on r.id = ur.role_id
          where ur.user_id = ${userId} and r.category_id is not null
      ) c) as category_ids`,
  );
  const nodeIds = new Set((row?.node_ids ?? []).map(Number));
  nodeIds.add(ids.municipalityNodeId);
  return {
    userId,
    nodeIds: [...nodeIds].sort((a, b) => a - b),
    categoryIds: (row?.category_ids ?? []).map(Number),
  };
}

import { ids } from '@skolportalen/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsTogether } from '../../db/together';
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
      select parent from (select (select n.parent_id from nodes n where n.id = m.id) as parent from member_of m) up
        where parent is not null
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
 * A reader's post audience, with what a must-read notice (decision 0040) asks
 * of them: whether a post reaches them themselves or through which child.
 */
export interface PostAudience extends Audience {
  /** The reader's own groups and every group above them, with the municipality node. */
  ownNodeIds: number[];
  /** The reader's children (enabled accounts), each with their groups and every group above. */
  children: { id: number; nodeIds: number[] }[];
  /** The reader's own audience for tools and documents, as `loadAudience` reads it. */
  own: Audience;
}

/**
 * Who a reader is for posts (decision 0011): their groups and every group
 * above them, the municipality node for everyone, a guardian's children's
 * groups (news for class 3A aimed at guardians reaches 3A's guardians), and
 * the role categories; apart, their own groups and each child's, for what a
 * post asks of them (decision 0040). One round trip. Each step up the tree
 * looks its parents up by key (a scalar subquery): a join would have the
 * planner, expecting many rows, read every group of the municipality on
 * every step.
 */
export async function loadPostAudience(db: Executor, userId: number): Promise<PostAudience> {
  const [row] = await rowsTogether<{
    node_ids: number[] | null;
    category_ids: number[] | null;
    own_node_ids: number[] | null;
    children: { id: number; nodeIds: number[] | null }[] | null;
  }>(
    db,
    userId,
    sql`
    with recursive member_of(id) as (
      select node_id from user_nodes where user_id = ${userId}
      union
      select un.node_id from account_links al join user_nodes un on un.user_id = al.related_user_id
        where al.user_id = ${userId} and al.relation = 'child'
      union
      select parent from (select (select n.parent_id from nodes n where n.id = m.id) as parent from member_of m) up
        where parent is not null
    ),
    own_member_of(id) as (
      select node_id from user_nodes where user_id = ${userId}
      union
      select parent from (select (select n.parent_id from nodes n where n.id = m.id) as parent from own_member_of m) up
        where parent is not null
    ),
    children(id) as (
      select al.related_user_id from account_links al join users c on c.id = al.related_user_id
        where al.user_id = ${userId} and al.relation = 'child' and c.disabled_at is null
    ),
    child_member_of(child_id, id) as (
      select un.user_id, un.node_id from user_nodes un join children c on c.id = un.user_id
      union
      select child_id, parent from (select m.child_id,
          (select n.parent_id from nodes n where n.id = m.id) as parent from child_member_of m) up
        where parent is not null
    )
    select
      (select array_agg(id order by id) from member_of) as node_ids,
      (select array_agg(id order by id) from (
        select category_id as id from user_categories where user_id = ${userId}
        union
        select r.category_id from user_roles ur join roles r on r.id = ur.role_id
          where ur.user_id = ${userId} and r.category_id is not null
      ) c) as category_ids,
      (select array_agg(id order by id) from own_member_of) as own_node_ids,
      (select json_agg(json_build_object('id', c.id, 'nodeIds',
          (select array_agg(m.id order by m.id) from child_member_of m where m.child_id = c.id))
        order by c.id) from children c) as children`,
  );
  const withMunicipality = (list: readonly number[] | null | undefined) =>
    [...new Set([...(list ?? []).map(Number), ids.municipalityNodeId])].sort((a, b) => a - b);
  const categoryIds = (row?.category_ids ?? []).map(Number);
  return {
    userId,
    nodeIds: withMunicipality(row?.node_ids),
    categoryIds,
    ownNodeIds: withMunicipality(row?.own_node_ids),
    own: { userId, nodeIds: (row?.own_node_ids ?? []).map(Number), categoryIds },
    children: (row?.children ?? []).map((child) => ({
      id: Number(child.id),
      nodeIds: withMunicipality(child.nodeIds),
    })),
  };
}

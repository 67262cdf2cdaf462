import { ids } from '@skolportalen/shared';
import { sql } from 'drizzle-orm';
import type { Cache } from '../../cache/cache';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import type { Audience } from '../audience/audience.repo';

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

const versionKey = 'posts:version';

/**
 * A stamp that changes on every write to posts (and every scheduler change):
 * cached counts carry it in their key, so a write makes them all stale at once,
 * on every instance.
 */
export async function contentVersion(cache: Cache): Promise<string> {
  return (await cache.get<string>(versionKey)) ?? '0';
}

export async function bumpContentVersion(cache: Cache): Promise<void> {
  await cache.set(
    versionKey,
    `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    86_400_000,
  );
}

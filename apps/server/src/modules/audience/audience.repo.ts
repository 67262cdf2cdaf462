import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/rows';

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
  const nodes = await db.execute<{ id: number }>(sql`
    with recursive member_of(id) as (
      select node_id from user_nodes where user_id = ${userId}
      union
      select n.parent_id from nodes n join member_of m on n.id = m.id where n.parent_id is not null
    )
    select id from member_of order by id`);
  const categories = await db.execute<{ id: number }>(sql`
    select category_id as id from user_categories where user_id = ${userId}
    union
    select r.category_id from user_roles ur join roles r on r.id = ur.role_id
      where ur.user_id = ${userId} and r.category_id is not null
    order by id`);
  return {
    userId,
    nodeIds: rowsOf<{ id: number }>(nodes).map((row) => Number(row.id)),
    categoryIds: rowsOf<{ id: number }>(categories).map((row) => Number(row.id)),
  };
}

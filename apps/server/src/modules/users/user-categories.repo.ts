import type { CategoryResponse } from '@skolportalen/shared';
import { sql, type SQL } from 'drizzle-orm';
import { plannedRows, type Executor } from '../../db/client';
import { intArrayParam } from '../../db/raw-rows';

/** One category of one user, as `categoryLinksJson` gives it. */
export interface CategoryOfUser {
  userId: number;
  id: number;
  key: string;
  name: string;
  type: CategoryResponse['type'];
  nodes: CategoryResponse['nodes'];
}

/**
 * SQL for a JSON array of the categories of the users in `userIds` (an
 * `int[]` expression): the categories of their roles (the "role category"
 * of spec §2) first, then those linked to them directly, each with its nodes
 * as `withNodes` presents them, ordered by name. A statement that reads
 * about the users anyway carries it as one more column (the start page's
 * user and related accounts do) instead of three more statements.
 */
export function categoryLinksJson(userIds: SQL): SQL<CategoryOfUser[]> {
  return sql`coalesce((
    select json_agg(json_build_object('userId', linked.user_id, 'id', c.id, 'key', c.key,
             'name', c.name, 'type', c.type,
             'nodes', coalesce((select json_agg(json_build_object('id', n.id, 'name', n.name,
                         'value', n.value, 'type', n.type, 'parentId', n.parent_id,
                         'categoryId', n.category_id, 'main', n.main, 'externalId', n.external_id)
                         order by n.name)
                from category_nodes cn join nodes n on n.id = cn.node_id
               where cn.category_id = c.id), '[]'::json))
           order by linked.via, c.id)
    from (
      select ur.user_id, r.category_id, 0 as via
        from user_roles ur join roles r on r.id = ur.role_id
       where ur.user_id = any(${userIds}) and r.category_id is not null
      union all
      select uc.user_id, uc.category_id, 1 as via
        from user_categories uc where uc.user_id = any(${userIds})
    ) linked join categories c on c.id = linked.category_id), '[]'::json)`;
}

/** Each user's categories from `categoryLinksJson`'s rows, a category once per user. */
export function categoriesByUser(
  userIds: readonly number[],
  links: readonly CategoryOfUser[] | null,
): Map<number, CategoryResponse[]> {
  const result = new Map<number, CategoryResponse[]>(userIds.map((id) => [id, []]));
  for (const link of links ?? []) {
    const list = result.get(link.userId);
    if (!list || list.some((existing) => existing.id === link.id)) continue;
    list.push({ id: link.id, key: link.key, name: link.name, type: link.type, nodes: link.nodes });
  }
  return result;
}

/**
 * Each user's categories, in one statement for any number of users (their
 * ids are one array value, so the text never changes and is planned once
 * per connection).
 */
export async function categoriesOfUsers(
  db: Executor,
  userIds: readonly number[],
): Promise<Map<number, CategoryResponse[]>> {
  if (userIds.length === 0) return new Map();
  const [row] = await plannedRows<{ links: CategoryOfUser[] }>(
    db,
    sql`select ${categoryLinksJson(sql`${intArrayParam(userIds)}::int[]`)} as links`,
  );
  return categoriesByUser(userIds, row?.links ?? []);
}

import type { CategoryResponse } from '@skolportalen/shared';
import { sql, type SQL } from 'drizzle-orm';
import { plannedRows, type Executor } from '../../db/client';
import { rowsTogether } from '../../db/together';
import { intArrayParam } from '../../db/raw-rows';

/** One category of one user, as `categoryLinksJson` gives it. */
export interface CategoryOfUser {
  userId: number;
  id: number;
}

/**
 * SQL for a JSON array of the categories of the users in `userIds` (an
 * `int[]` expression), by id: the categories of their roles (the "role
 * category" of spec §2) first, then those linked to them directly. A
 * statement that reads about the users anyway carries it as one more column
 * (the start page's user and related accounts do); what each category is
 * comes from the catalog (`categoryCatalog`).
 */
export function categoryLinksJson(userIds: SQL): SQL<CategoryOfUser[]> {
  return sql`coalesce((
    select json_agg(json_build_object('userId', linked.user_id, 'id', linked.category_id)
           order by linked.via, linked.category_id)
    from (
      select ur.user_id, r.category_id, 0 as via
        from user_roles ur join roles r on r.id = ur.role_id
       where ur.user_id = any(${userIds}) and r.category_id is not null
      union all
      select uc.user_id, uc.category_id, 1 as via
        from user_categories uc where uc.user_id = any(${userIds})
    ) linked), '[]'::json)`;
}

/** Every category with its groups, by id: what a user's category is shown as. */
export type CategoryCatalog = ReadonlyMap<number, CategoryResponse>;

/*
 * The categories and the groups linked to them are few, the same for every
 * reader, and change only with the administration's or the school-data
 * import's writes, each of which raises the session counter (migrations 0014
 * and 0040). So they are read once per counter and kept, instead of being
 * built into every first page's statement twice (the current user's and the
 * related accounts' categories, issue 31).
 */
const catalogsBy = new WeakMap<
  Executor,
  { generation: string; catalog: Promise<CategoryCatalog> }
>();

function readCatalog(db: Executor, readerId: number | undefined): Promise<CategoryCatalog> {
  const query = sql`select c.id, c.key, c.name, c.type,
          coalesce((select json_agg(json_build_object('id', n.id, 'name', n.name,
                      'value', n.value, 'type', n.type, 'parentId', n.parent_id,
                      'categoryId', n.category_id, 'main', n.main, 'externalId', n.external_id)
                      order by n.name)
             from category_nodes cn join nodes n on n.id = cn.node_id
            where cn.category_id = c.id), '[]'::json) as nodes
        from categories c`;
  // Asked for a reader, it goes with the reader's other reads of the moment (db/together.ts).
  const rows =
    readerId === undefined
      ? plannedRows<CategoryResponse>(db, query)
      : rowsTogether<CategoryResponse>(db, readerId, query);
  return rows.then(
    (list) => new Map(list.map((row) => [Number(row.id), { ...row, id: Number(row.id) }])),
  );
}

/**
 * Every category as it stands at the session counter `generation` (the
 * request's, read with its session, or read before this call): kept until
 * the counter changes. Without a counter it is read anew. Read for a
 * reader (`readerId`), it is read with what else is read about them.
 */
export function categoryCatalog(
  db: Executor,
  generation: string | undefined,
  readerId?: number,
): Promise<CategoryCatalog> {
  if (generation === undefined) return readCatalog(db, readerId);
  const kept = catalogsBy.get(db);
  if (kept?.generation === generation) return kept.catalog;
  const catalog = readCatalog(db, readerId);
  catalogsBy.set(db, { generation, catalog });
  catalog.catch(() => {
    if (catalogsBy.get(db)?.catalog === catalog) catalogsBy.delete(db);
  });
  return catalog;
}

/** Each user's categories from `categoryLinksJson`'s rows, a category once per user. */
export function categoriesByUser(
  userIds: readonly number[],
  links: readonly CategoryOfUser[] | null,
  catalog: CategoryCatalog,
): Map<number, CategoryResponse[]> {
  const result = new Map<number, CategoryResponse[]>(userIds.map((id) => [id, []]));
  for (const link of links ?? []) {
    const list = result.get(link.userId);
    const category = catalog.get(link.id);
    if (!list || !category || list.some((existing) => existing.id === link.id)) continue;
    list.push(category);
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
  /** The request's session counter, for the kept catalog (`categoryCatalog`). */
  generation?: string,
): Promise<Map<number, CategoryResponse[]>> {
  if (userIds.length === 0) return new Map();
  const [[row], catalog] = await Promise.all([
    plannedRows<{ links: CategoryOfUser[] }>(
      db,
      sql`select ${categoryLinksJson(sql`${intArrayParam(userIds)}::int[]`)} as links`,
    ),
    categoryCatalog(db, generation),
  ]);
  return categoriesByUser(userIds, row?.links ?? [], catalog);
}

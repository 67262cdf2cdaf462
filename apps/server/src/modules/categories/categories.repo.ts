import type { categorySortColumns } from '@skolportalen/shared';
import { type CategoryListQuery, type CategoryResponse, type SortTerm } from '@skolportalen/shared';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { categories, categoryNodes, nodes, roles } from '../../db/schema';
import { presentNode } from '../nodes/nodes.repo';

type CategoryRow = typeof categories.$inferSelect;

/** Attaches each category's linked nodes with one query for the whole list. */
export async function withNodes(
  db: Executor,
  rows: readonly CategoryRow[],
): Promise<CategoryResponse[]> {
  if (rows.length === 0) return [];
  const links = await db
    .select({ categoryId: categoryNodes.categoryId, node: nodes })
    .from(categoryNodes)
    .innerJoin(nodes, eq(nodes.id, categoryNodes.nodeId))
    .where(
      inArray(
        categoryNodes.categoryId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(nodes.name));
  return rows.map((row) => ({
    id: row.id,
    key: row.key,
    name: row.name,
    type: row.type,
    nodes: links.filter((link) => link.categoryId === row.id).map((link) => presentNode(link.node)),
  }));
}

export async function categoriesByIds(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(categories)
    .where(inArray(categories.id, [...ids]))
    .orderBy(asc(categories.id));
  return withNodes(db, rows);
}

const sortColumns = {
  id: categories.id,
  name: categories.name,
  key: categories.key,
  type: categories.type,
} satisfies Record<(typeof categorySortColumns)[number], unknown>;

export async function listCategories(
  db: Executor,
  query: CategoryListQuery,
  sort: SortTerm<(typeof categorySortColumns)[number]>[],
) {
  const where = query.type ? and(eq(categories.type, query.type)) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(categories)
      .where(where)
      .orderBy(
        ...sort.map((term) => (term.direction === 'ASC' ? asc : desc)(sortColumns[term.column])),
        asc(categories.id),
      )
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ value: count() }).from(categories).where(where),
  ]);
  return { categories: await withNodes(db, rows), total: total?.value ?? 0 };
}

export async function findCategory(db: Executor, id: number) {
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  return row;
}

export async function findCategoryByKey(db: Executor, key: string) {
  const [row] = await db.select().from(categories).where(eq(categories.key, key));
  return row;
}

export async function insertCategory(
  db: Executor,
  values: { key: string; name: string; type: string },
) {
  const [row] = await db.insert(categories).values(values).onConflictDoNothing().returning();
  return row;
}

export async function deleteCategoryRow(db: Executor, id: number) {
  await db.delete(categories).where(eq(categories.id, id));
}

export async function linkCategoryNode(db: Executor, categoryId: number, nodeId: number) {
  const added = await db
    .insert(categoryNodes)
    .values({ categoryId, nodeId })
    .onConflictDoNothing()
    .returning({ nodeId: categoryNodes.nodeId });
  return added.length > 0;
}

export async function unlinkCategoryNode(db: Executor, categoryId: number, nodeId: number) {
  const removed = await db
    .delete(categoryNodes)
    .where(and(eq(categoryNodes.categoryId, categoryId), eq(categoryNodes.nodeId, nodeId)))
    .returning({ nodeId: categoryNodes.nodeId });
  return removed.length > 0;
}

/** The role whose own category this is (a role's members are kept in it): it cannot be deleted. */
export async function findRoleOwningCategory(db: Executor, categoryId: number) {
  const [row] = await db.select().from(roles).where(eq(roles.categoryId, categoryId));
  return row;
}

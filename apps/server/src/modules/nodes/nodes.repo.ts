import type { nodeSortColumns } from '@skolportalen/shared';
import { type NodeListQuery, type NodeResponse, type SortTerm } from '@skolportalen/shared';
import { and, asc, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { nodes } from '../../db/schema';

export type NodeRow = typeof nodes.$inferSelect;

export function presentNode(row: NodeRow): NodeResponse {
  return {
    id: row.id,
    name: row.name,
    value: row.value,
    type: row.type,
    parentId: row.parentId,
    categoryId: row.categoryId,
    main: row.main,
    externalId: row.externalId,
  };
}

const sortColumns = {
  id: nodes.id,
  name: nodes.name,
  type: nodes.type,
  parentId: nodes.parentId,
} satisfies Record<(typeof nodeSortColumns)[number], unknown>;

/** `%` and `_` typed by a user are searched for literally. */
export function likePattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export async function listNodes(
  db: Executor,
  query: NodeListQuery,
  sort: SortTerm<(typeof nodeSortColumns)[number]>[],
) {
  const conditions: SQL[] = [];
  if (query.categoryId !== undefined) conditions.push(eq(nodes.categoryId, query.categoryId));
  if (query.parentId !== undefined) conditions.push(eq(nodes.parentId, query.parentId));
  if (query.nodeId?.length) conditions.push(inArray(nodes.id, query.nodeId));
  if (query.type?.length) conditions.push(inArray(nodes.type, query.type));
  if (query.search) conditions.push(ilike(nodes.name, likePattern(query.search)));
  const where = conditions.length ? and(...conditions) : undefined;

  const orderBy = [
    ...sort.map((term) => (term.direction === 'ASC' ? asc : desc)(sortColumns[term.column])),
    asc(nodes.id),
  ];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(nodes)
      .where(where)
      .orderBy(...orderBy)
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ value: count() }).from(nodes).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

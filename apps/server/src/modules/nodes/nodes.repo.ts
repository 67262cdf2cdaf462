import type { nodeSortColumns } from '@skolportalen/shared';
import { type NodeListQuery, type NodeResponse, type SortTerm } from '@skolportalen/shared';
import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
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
  if (query.externalId) conditions.push(eq(nodes.externalId, query.externalId));
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

export async function findNode(db: Executor, id: number) {
  const [row] = await db.select().from(nodes).where(eq(nodes.id, id));
  return row;
}

export async function findNodeByExternalId(db: Executor, externalId: string) {
  const [row] = await db.select().from(nodes).where(eq(nodes.externalId, externalId));
  return row;
}

export async function insertNode(db: Executor, values: typeof nodes.$inferInsert) {
  const [row] = await db.insert(nodes).values(values).returning();
  return row!;
}

export async function updateNodeRow(
  db: Executor,
  id: number,
  values: Partial<typeof nodes.$inferInsert>,
) {
  const [row] = await db
    .update(nodes)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(nodes.id, id))
    .returning();
  return row!;
}

export async function deleteNodeRow(db: Executor, id: number) {
  await db.delete(nodes).where(eq(nodes.id, id));
}

/** The node and every node above it, nearest first. */
export async function ancestorIds(db: Executor, id: number): Promise<number[]> {
  const result = await db.execute(sql`
    with recursive chain(id, parent_id, depth) as (
      select id, parent_id, 0 from ${nodes} where id = ${id}
      union all
      select n.id, n.parent_id, chain.depth + 1
      from ${nodes} n join chain on n.id = chain.parent_id
      where chain.depth < 1000
    )
    select id from chain order by depth`);
  return (result as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
}

import { ids, type groupTemplateSortColumns, type SortTerm } from '@skolportalen/shared';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { groupTemplateNodes, groupTemplates, nodes } from '../../db/schema';

export type GroupTemplateRow = typeof groupTemplates.$inferSelect;
export type NodeRow = typeof nodes.$inferSelect;
export type GroupTemplateSortColumn = (typeof groupTemplateSortColumns)[number];

const sortColumns = {
  name: groupTemplates.name,
  updated: groupTemplates.updatedAt,
  created: groupTemplates.createdAt,
  id: groupTemplates.id,
} satisfies Record<GroupTemplateSortColumn, unknown>;

const owned = (userId: number, templateId: number) =>
  and(eq(groupTemplates.id, templateId), eq(groupTemplates.userId, userId));

export async function listGroupTemplates(
  db: Executor,
  userId: number,
  sort: readonly SortTerm<GroupTemplateSortColumn>[],
  page: { page: number; perPage: number },
) {
  const where = eq(groupTemplates.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(groupTemplates)
      .where(where)
      .orderBy(
        ...sort.map((term) => (term.direction === 'ASC' ? asc : desc)(sortColumns[term.column])),
        asc(groupTemplates.id),
      )
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage),
    db.select({ value: count() }).from(groupTemplates).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** Each template's groups, by name, with one query for the whole list. */
export async function groupsOf(
  db: Executor,
  templateIds: readonly number[],
): Promise<Map<number, NodeRow[]>> {
  const result = new Map<number, NodeRow[]>(templateIds.map((id) => [id, []]));
  if (templateIds.length === 0) return result;
  const rows = await db
    .select({ templateId: groupTemplateNodes.templateId, node: nodes })
    .from(groupTemplateNodes)
    .innerJoin(nodes, eq(nodes.id, groupTemplateNodes.nodeId))
    .where(inArray(groupTemplateNodes.templateId, [...templateIds]))
    .orderBy(asc(nodes.name), asc(nodes.id));
  for (const row of rows) result.get(row.templateId)?.push(row.node);
  return result;
}

export async function findGroupTemplate(db: Executor, userId: number, templateId: number) {
  const [row] = await db.select().from(groupTemplates).where(owned(userId, templateId));
  return row;
}

/** How many of the ids are groups (category 1). */
export async function countGroups(db: Executor, nodeIds: readonly number[]) {
  if (nodeIds.length === 0) return 0;
  const [row] = await db
    .select({ value: count() })
    .from(nodes)
    .where(and(inArray(nodes.id, [...nodeIds]), eq(nodes.categoryId, ids.groupCategoryId)));
  return row?.value ?? 0;
}

async function writeGroups(db: Executor, templateId: number, nodeIds: readonly number[]) {
  await db.delete(groupTemplateNodes).where(eq(groupTemplateNodes.templateId, templateId));
  await db.insert(groupTemplateNodes).values(nodeIds.map((nodeId) => ({ templateId, nodeId })));
}

export async function insertGroupTemplate(
  db: Executor,
  userId: number,
  values: { name: string; nodeIds: readonly number[] },
) {
  const [row] = await db.insert(groupTemplates).values({ userId, name: values.name }).returning();
  await writeGroups(db, row!.id, values.nodeIds);
  return row!;
}

export async function updateGroupTemplate(
  db: Executor,
  userId: number,
  templateId: number,
  values: { name: string; nodeIds: readonly number[] },
) {
  const [row] = await db
    .update(groupTemplates)
    .set({ name: values.name, updatedAt: sql`now()` })
    .where(owned(userId, templateId))
    .returning();
  if (row) await writeGroups(db, templateId, values.nodeIds);
  return row;
}

export async function deleteGroupTemplate(db: Executor, userId: number, templateId: number) {
  const rows = await db
    .delete(groupTemplates)
    .where(owned(userId, templateId))
    .returning({ id: groupTemplates.id });
  return rows.length > 0;
}

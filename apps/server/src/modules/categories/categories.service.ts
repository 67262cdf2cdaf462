import { format, ids, sv, type CategoryCreateRequest } from '@skolportalen/shared';
import type { Database, Executor } from '../../db/client';
import type { AuthContext } from '../../identity/authenticate';
import { errors } from '../../http/errors';
import { auditAdminChange } from '../audit/admin-audit';
import { findNode } from '../nodes/nodes.repo';
import { referencesTo } from '../nodes/references.repo';
import {
  categoriesByIds,
  deleteCategoryRow,
  findRoleOwningCategory,
  insertCategory,
  linkCategoryNode,
  unlinkCategoryNode,
} from './categories.repo';

/** Ids the spec fixes (§9): groups 1, media 2, 7, 8 and 10. */
const fixedCategoryIds: ReadonlySet<number> = new Set([
  ids.groupCategoryId,
  ids.mediaCategoryDefault,
  ids.mediaCategoryIcon,
  ids.mediaCategoryPdf,
  ids.mediaCategoryGoogleIcon,
]);

/** A category's own links (its groups and users) go with it; anything else keeps it. */
const ownLinks = new Set(['category_nodes', 'user_categories']);

export async function categoryOrThrow(db: Executor, id: number) {
  const [category] = await categoriesByIds(db, [id]);
  if (!category) throw errors.notFound(sv.admin.errors.categoryNotFound);
  return category;
}

export async function createCategory(
  db: Database,
  auth: AuthContext,
  requestId: string,
  input: CategoryCreateRequest,
) {
  return db.transaction(async (tx) => {
    const row = await insertCategory(tx, input);
    if (!row) throw errors.conflict(format(sv.admin.errors.categoryKeyTaken, { key: input.key }));
    const category = await categoryOrThrow(tx, row.id);
    await auditAdminChange(tx, auth, requestId, {
      action: 'category.create',
      entityType: 'category',
      entityId: row.id,
      after: category,
    });
    return category;
  });
}

export async function deleteCategory(
  db: Database,
  auth: AuthContext,
  requestId: string,
  id: number,
) {
  await db.transaction(async (tx) => {
    const before = await categoryOrThrow(tx, id);
    if (fixedCategoryIds.has(id)) throw errors.conflict(sv.admin.errors.builtInCategory);
    const role = await findRoleOwningCategory(tx, id);
    if (role) throw errors.conflict(format(sv.admin.errors.roleCategory, { role: role.key }));
    const inUse = (await referencesTo(tx, 'categories', id))
      .filter((reference) => !ownLinks.has(reference.table))
      .reduce((sum, reference) => sum + reference.count, 0);
    if (inUse) throw errors.conflict(format(sv.admin.errors.categoryInUse, { count: inUse }));
    await deleteCategoryRow(tx, id);
    await auditAdminChange(tx, auth, requestId, {
      action: 'category.delete',
      entityType: 'category',
      entityId: id,
      before,
    });
  });
}

export async function changeCategoryNode(
  db: Database,
  auth: AuthContext,
  requestId: string,
  categoryId: number,
  nodeId: number,
  link: boolean,
) {
  return db.transaction(async (tx) => {
    const before = await categoryOrThrow(tx, categoryId);
    if (!(await findNode(tx, nodeId))) throw errors.notFound(sv.admin.errors.nodeNotFound);
    const changed = link
      ? await linkCategoryNode(tx, categoryId, nodeId)
      : await unlinkCategoryNode(tx, categoryId, nodeId);
    const after = await categoryOrThrow(tx, categoryId);
    if (changed) {
      const nodeIds = (category: typeof before) => ({ nodeIds: category.nodes.map((n) => n.id) });
      await auditAdminChange(tx, auth, requestId, {
        action: link ? 'category.node.add' : 'category.node.remove',
        entityType: 'category',
        entityId: categoryId,
        before: nodeIds(before),
        after: nodeIds(after),
      });
    }
    return after;
  });
}

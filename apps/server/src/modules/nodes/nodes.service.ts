import {
  format,
  ids,
  sv,
  type NodeCreateInput,
  type NodeResponse,
  type NodeTreeNode,
  type NodeUpdateRequest,
} from '@skolportalen/shared';
import type { Database, Executor } from '../../db/client';
import type { AuthContext } from '../../identity/authenticate';
import { errors } from '../../http/errors';
import { auditAdminChange } from '../audit/admin-audit';
import {
  ancestorIds,
  deleteNodeRow,
  findNode,
  findNodeByExternalId,
  insertNode,
  presentNode,
  updateNodeRow,
} from './nodes.repo';
import { referencesTo } from './references.repo';

async function parentOrThrow(tx: Executor, parentId: number) {
  if (!(await findNode(tx, parentId))) {
    throw errors.validation([{ field: 'parentId', message: sv.admin.errors.parentMissing }]);
  }
}

async function assertExternalIdFree(tx: Executor, externalId: string | null, ownId?: number) {
  if (externalId === null) return;
  const holder = await findNodeByExternalId(tx, externalId);
  if (holder && holder.id !== ownId) {
    throw errors.conflict(format(sv.admin.errors.externalIdTaken, { externalId }));
  }
}

export async function createNode(
  db: Database,
  auth: AuthContext,
  requestId: string,
  input: NodeCreateInput,
) {
  return db.transaction(async (tx) => {
    const parentId = input.parentId ?? ids.municipalityNodeId;
    await parentOrThrow(tx, parentId);
    await assertExternalIdFree(tx, input.externalId);
    const row = await insertNode(tx, {
      name: input.name,
      type: input.type,
      parentId,
      value: input.value,
      main: input.main,
      externalId: input.externalId,
      categoryId: ids.groupCategoryId,
    });
    const node = presentNode(row);
    await auditAdminChange(tx, auth, requestId, {
      action: 'node.create',
      entityType: 'node',
      entityId: row.id,
      after: node,
    });
    return node;
  });
}

/** Renames, retypes or moves a node; a move under itself or its own subtree is refused. */
export async function updateNode(
  db: Database,
  auth: AuthContext,
  requestId: string,
  id: number,
  input: NodeUpdateRequest,
) {
  return db.transaction(async (tx) => {
    const current = await findNode(tx, id);
    if (!current) throw errors.notFound(sv.admin.errors.nodeNotFound);
    const moving = input.parentId !== undefined && input.parentId !== current.parentId;
    if (moving) {
      if (id === ids.municipalityNodeId) throw errors.conflict(sv.admin.errors.rootNode);
      await parentOrThrow(tx, input.parentId!);
      if ((await ancestorIds(tx, input.parentId!)).includes(id)) {
        throw errors.conflict(sv.admin.errors.nodeCycle);
      }
    }
    const externalId = input.externalId === undefined ? undefined : input.externalId || null;
    if (externalId !== undefined) await assertExternalIdFree(tx, externalId, id);
    const row = await updateNodeRow(tx, id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.type !== undefined ? { type: input.type } : {}),
      ...(moving ? { parentId: input.parentId } : {}),
      ...(input.value !== undefined ? { value: input.value || null } : {}),
      ...(input.main !== undefined ? { main: input.main } : {}),
      ...(externalId !== undefined ? { externalId } : {}),
    });
    const node = presentNode(row);
    await auditAdminChange(tx, auth, requestId, {
      action: moving ? 'node.move' : 'node.update',
      entityType: 'node',
      entityId: id,
      before: presentNode(current),
      after: node,
    });
    return node;
  });
}

/**
 * A node goes only when nothing hangs on it: no child groups, no members and
 * nothing else pointing at it (categories, posts, tools…). Nothing is orphaned.
 */
export async function deleteNode(db: Database, auth: AuthContext, requestId: string, id: number) {
  await db.transaction(async (tx) => {
    const current = await findNode(tx, id);
    if (!current) throw errors.notFound(sv.admin.errors.nodeNotFound);
    if (id === ids.municipalityNodeId) throw errors.conflict(sv.admin.errors.rootNode);
    const references = await referencesTo(tx, 'nodes', id);
    const countOf = (table: string, column?: string) =>
      references
        .filter((ref) => ref.table === table && (column === undefined || ref.column === column))
        .reduce((sum, ref) => sum + ref.count, 0);
    const children = countOf('nodes', 'parent_id');
    if (children)
      throw errors.conflict(format(sv.admin.errors.nodeHasChildren, { count: children }));
    const members = countOf('user_nodes');
    if (members) throw errors.conflict(format(sv.admin.errors.nodeHasMembers, { count: members }));
    const other = references.reduce((sum, ref) => sum + ref.count, 0);
    if (other) throw errors.conflict(format(sv.admin.errors.nodeInUse, { count: other }));
    await deleteNodeRow(tx, id);
    await auditAdminChange(tx, auth, requestId, {
      action: 'node.delete',
      entityType: 'node',
      entityId: id,
      before: presentNode(current),
    });
  });
}

/**
 * The nodes of a list as a tree: each under its parent when the parent is in
 * the list too, else at the top; the list's order is kept at every level.
 */
export function nodeTree(nodes: readonly NodeResponse[]): NodeTreeNode[] {
  const byId = new Map<number, NodeTreeNode>(
    nodes.map((node) => [node.id, { ...node, children: [] }]),
  );
  const roots: NodeTreeNode[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId === null ? undefined : byId.get(node.parentId);
    (parent ?? { children: roots }).children.push(node);
  }
  return roots;
}

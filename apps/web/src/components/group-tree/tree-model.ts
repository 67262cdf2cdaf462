/** What the tree needs of an item: groups (nodes) here, pages or other items elsewhere. */
export interface TreeItem {
  id: number;
  name: string;
  type: string;
  parentId: number | null;
  externalId?: string | null;
}

export interface TreeNode<T extends TreeItem> {
  item: T;
  children: TreeNode<T>[];
}

const byName = new Intl.Collator('sv', { numeric: true, sensitivity: 'base' });

/**
 * Builds the tree from a flat list. An item whose parent is not in the list
 * becomes a root, so a filtered or partial list still shows every item once.
 */
export function buildTree<T extends TreeItem>(items: readonly T[]): TreeNode<T>[] {
  const nodes = new Map(items.map((item) => [item.id, { item, children: [] as TreeNode<T>[] }]));
  const roots: TreeNode<T>[] = [];
  for (const node of nodes.values()) {
    const parent = node.item.parentId === null ? undefined : nodes.get(node.item.parentId);
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  const sort = (list: TreeNode<T>[]) => {
    list.sort((a, b) => byName.compare(a.item.name, b.item.name));
    for (const node of list) sort(node.children);
  };
  sort(roots);
  return roots;
}

/** The item and everything below it. */
export function subtreeIds<T extends TreeItem>(items: readonly T[], rootId: number): Set<number> {
  const children = new Map<number, number[]>();
  for (const item of items) {
    if (item.parentId === null) continue;
    children.set(item.parentId, [...(children.get(item.parentId) ?? []), item.id]);
  }
  const result = new Set<number>();
  const stack = [rootId];
  while (stack.length) {
    const id = stack.pop()!;
    if (result.has(id)) continue;
    result.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return result;
}

/**
 * A search shows the items whose name or external id contains the text, with
 * the items above them (opened, so the matches are in view).
 */
export function searchTree<T extends TreeItem>(items: readonly T[], query: string) {
  const text = query.trim().toLocaleLowerCase('sv');
  if (!text) return null;
  const byId = new Map(items.map((item) => [item.id, item]));
  const matches = new Set<number>();
  const visible = new Set<number>();
  const opened = new Set<number>();
  for (const item of items) {
    const hit =
      item.name.toLocaleLowerCase('sv').includes(text) ||
      (item.externalId ?? '').toLocaleLowerCase('sv').includes(text);
    if (!hit) continue;
    matches.add(item.id);
    visible.add(item.id);
    let parentId = item.parentId;
    while (parentId !== null && !visible.has(parentId)) {
      const parent = byId.get(parentId);
      if (!parent) break;
      visible.add(parent.id);
      opened.add(parent.id);
      parentId = parent.parentId;
    }
    if (parentId !== null) opened.add(parentId);
  }
  return { matches, visible, opened };
}

/** The spec's tree adding rules (§4). */
export interface AddRules {
  /** Items already added, in the order they were. */
  addedIds?: readonly number[];
  /** These may not be added. */
  disabledIds?: readonly number[];
  /** When given, only these may be added. */
  allowedIds?: readonly number[];
  /** Only one item may be added. */
  singleAdd?: boolean;
}

export type AddState = 'addable' | 'added' | 'blocked';

/** Items of type page-related are never added (spec §4). */
export const notAddableTypes: ReadonlySet<string> = new Set(['page-related']);

export function addStateOf(item: TreeItem, rules: AddRules): AddState {
  const added = rules.addedIds ?? [];
  if (added.includes(item.id)) return 'added';
  if (notAddableTypes.has(item.type)) return 'blocked';
  if (rules.disabledIds?.includes(item.id)) return 'blocked';
  if (rules.allowedIds && !rules.allowedIds.includes(item.id)) return 'blocked';
  if (rules.singleAdd && added.length > 0) return 'blocked';
  return 'addable';
}

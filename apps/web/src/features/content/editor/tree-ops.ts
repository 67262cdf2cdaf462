import {
  canContain,
  rootChildren,
  allowedChildren,
  type Block,
  type BlockType,
} from '@skolportalen/shared';

/**
 * The page builder's edits as pure functions over the block tree. Every move
 * and insert keeps spec §3's allowed children: an operation that would break
 * them returns null and leaves the tree as it was.
 */

/** Where a block sits: its parent's id (null at the top of the page) and its index there. */
export interface BlockLocation {
  parentId: string | null;
  index: number;
}

export interface FoundBlock extends BlockLocation {
  block: Block;
  /** The list the block is in. */
  siblings: readonly Block[];
  /** The parent block, or null at the top. */
  parent: Block | null;
}

export function findBlock(tree: readonly Block[], id: string): FoundBlock | null {
  const walk = (list: readonly Block[], parent: Block | null): FoundBlock | null => {
    for (const [index, block] of list.entries()) {
      if (block.id === id) {
        return { block, index, siblings: list, parent, parentId: parent?.id ?? null };
      }
      const below = walk(block.children, block);
      if (below) return below;
    }
    return null;
  };
  return walk(tree, null);
}

/** The children of `parentId` (the top level for null); null when there is no such block. */
export function childrenOf(
  tree: readonly Block[],
  parentId: string | null,
): readonly Block[] | null {
  if (parentId === null) return tree;
  return findBlock(tree, parentId)?.block.children ?? null;
}

export function typeOfParent(
  tree: readonly Block[],
  parentId: string | null,
): BlockType | 'root' | null {
  if (parentId === null) return 'root';
  return findBlock(tree, parentId)?.block.type ?? null;
}

/** The block types the builder offers inside `parentId` (the page itself for null). */
export function allowedTypesIn(
  tree: readonly Block[],
  parentId: string | null,
): readonly BlockType[] {
  const type = typeOfParent(tree, parentId);
  if (type === null) return [];
  return type === 'root' ? rootChildren : allowedChildren[type];
}

/** Replaces the children of `parentId` through `change`; the rest of the tree is shared. */
function withChildren(
  tree: readonly Block[],
  parentId: string | null,
  change: (children: readonly Block[]) => Block[],
): Block[] {
  if (parentId === null) return change(tree);
  return tree.map((block): Block => {
    if (block.id === parentId) return { ...block, children: change(block.children) } as Block;
    if (block.children.length === 0) return block;
    return { ...block, children: withChildren(block.children, parentId, change) } as Block;
  });
}

function contains(block: Block, id: string): boolean {
  return block.children.some((child) => child.id === id || contains(child, id));
}

/** Inserts `block` at `index` under `parentId`; null when it may not stand there. */
export function insertBlock(
  tree: readonly Block[],
  parentId: string | null,
  index: number,
  block: Block,
): Block[] | null {
  const parentType = typeOfParent(tree, parentId);
  if (parentType === null || !canContain(parentType, block.type)) return null;
  return withChildren(tree, parentId, (children) => {
    const at = Math.max(0, Math.min(index, children.length));
    return [...children.slice(0, at), block, ...children.slice(at)];
  });
}

export function removeBlock(tree: readonly Block[], id: string): Block[] {
  const found = findBlock(tree, id);
  if (!found) return [...tree];
  return withChildren(tree, found.parentId, (children) =>
    children.filter((child) => child.id !== id),
  );
}

export function updateBlockProps<T extends Block>(
  tree: readonly Block[],
  id: string,
  props: Partial<T['props']>,
): Block[] {
  const walk = (list: readonly Block[]): Block[] =>
    list.map((block): Block => {
      if (block.id === id) return { ...block, props: { ...block.props, ...props } } as Block;
      if (block.children.length === 0) return block;
      return { ...block, children: walk(block.children) } as Block;
    });
  return walk(tree);
}

/**
 * Moves block `id` to `index` under `parentId` (the index counts in the
 * target list after the block has left its old place). Null when the target
 * may not hold it, or is the block itself or lies inside it.
 */
export function moveBlock(
  tree: readonly Block[],
  id: string,
  parentId: string | null,
  index: number,
): Block[] | null {
  const found = findBlock(tree, id);
  if (!found) return null;
  if (parentId !== null && (parentId === id || contains(found.block, parentId))) return null;
  const without = removeBlock(tree, id);
  return insertBlock(without, parentId, index, found.block);
}

/** One place up among its siblings. */
export function moveUp(tree: readonly Block[], id: string): Block[] | null {
  const found = findBlock(tree, id);
  if (!found || found.index === 0) return null;
  return moveBlock(tree, id, found.parentId, found.index - 1);
}

/** One place down among its siblings. */
export function moveDown(tree: readonly Block[], id: string): Block[] | null {
  const found = findBlock(tree, id);
  if (!found || found.index >= found.siblings.length - 1) return null;
  return moveBlock(tree, id, found.parentId, found.index + 1);
}

/**
 * Every other place the block may be moved to, as the last child there: the
 * page itself and each block that may hold it, except the block's own parent
 * and anything inside the block. Spec §3's allowed children mean a block never
 * fits into its neighbour, so this is how the keyboard moves across containers
 * (a heading from one column to the next).
 */
export function moveTargets(tree: readonly Block[], id: string): (Block | null)[] {
  const found = findBlock(tree, id);
  if (!found) return [];
  const targets: (Block | null)[] = [];
  if (found.parentId !== null && canContain('root', found.block.type)) targets.push(null);
  const walk = (list: readonly Block[]) => {
    for (const block of list) {
      if (block.id === id) continue;
      if (block.id !== found.parentId && canContain(block.type, found.block.type)) {
        targets.push(block);
      }
      walk(block.children);
    }
  };
  walk(tree);
  return targets;
}

/** Moves the block to the end of `parentId` (the page for null). */
export function moveToEnd(tree: readonly Block[], id: string, parentId: string | null) {
  const list = childrenOf(tree, parentId);
  if (!list) return null;
  const inside = list.some((child) => child.id === id);
  return moveBlock(tree, id, parentId, inside ? list.length - 1 : list.length);
}

/**
 * The block a server error path points at: `content.0.children.1.props.cols`
 * (or the same path without `content.`) → the block and what is left (`props.cols`).
 */
export function blockAtPath(
  tree: readonly Block[],
  path: readonly (string | number)[],
): { block: Block; rest: string[] } | null {
  const steps = path[0] === 'content' ? path.slice(1) : [...path];
  let list: readonly Block[] = tree;
  let current: Block | null = null;
  let at = 0;
  while (at < steps.length) {
    const index = Number(steps[at]);
    if (!Number.isInteger(index) || index < 0 || index >= list.length) break;
    current = list[index]!;
    at += 1;
    if (steps[at] === 'children') {
      list = current.children;
      at += 1;
      continue;
    }
    break;
  }
  if (!current) return null;
  return { block: current, rest: steps.slice(at).map(String) };
}

/** Every block's id with its depth-first position, for numbering ("Kolumn 2"). */
export function countByType(tree: readonly Block[]): Map<string, number> {
  const counters = new Map<BlockType, number>();
  const numbers = new Map<string, number>();
  const walk = (list: readonly Block[]) => {
    for (const block of list) {
      const n = (counters.get(block.type) ?? 0) + 1;
      counters.set(block.type, n);
      numbers.set(block.id, n);
      walk(block.children);
    }
  };
  walk(tree);
  return numbers;
}

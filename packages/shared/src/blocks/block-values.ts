import type { Block } from './blocks';

/**
 * Reading a block's stored values. Apart from ./blocks (whose schemas need zod
 * and every validation text) because the reading page's renderers use them.
 */

/** `"a | b|c"` → ["a", "b", "c"] (table headings and rows are `|`-separated). */
export function splitCells(value: string): string[] {
  if (value.trim() === '') return [];
  return value.split('|').map((cell) => cell.trim());
}

/** Parses the tool block's JSON id list; anything malformed yields no ids. */
export function parseToolIds(value: string): number[] {
  try {
    const parsed: unknown = JSON.parse(value);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((item): item is number => Number.isInteger(item) && item > 0);
  } catch {
    return [];
  }
}

/** Every block of a tree, depth first (for search text, media usage, tool ids, first image). */
export function flattenBlocks(tree: readonly Block[]): Block[] {
  return tree.flatMap((node) => [node, ...flattenBlocks(node.children)]);
}

import type { Block, BlockType } from './blocks';
import { flattenBlocks } from './blocks';

/**
 * What of a block tree is translated: the texts, never the structure, the
 * addresses, the sizes or the tools (issue 27). A translation keeps the
 * original's block ids and types; only these props differ.
 */
export type TextKind = 'plain' | 'html' | 'cells';

export const translatableProps: { [T in BlockType]?: Readonly<Record<string, TextKind>> } = {
  heading: { text: 'plain' },
  html: { html: 'html' },
  card: { title: 'plain', text: 'html', buttonLabel: 'plain' },
  table: { caption: 'plain' },
  'table-heading': { headings: 'cells' },
  'table-row': { items: 'cells' },
  image: { caption: 'plain', alt: 'plain' },
};

/** One translatable text of a tree. */
export interface BlockText {
  blockId: string;
  prop: string;
  kind: TextKind;
  value: string;
}

/** Every translatable text of a tree, depth first, empty ones included. */
export function blockTexts(tree: readonly Block[]): BlockText[] {
  const texts: BlockText[] = [];
  for (const node of flattenBlocks(tree)) {
    const props = translatableProps[node.type];
    if (!props) continue;
    const values = node.props as unknown as Record<string, string>;
    for (const [prop, kind] of Object.entries(props)) {
      texts.push({ blockId: node.id, prop, kind, value: values[prop] ?? '' });
    }
  }
  return texts;
}

/**
 * The ids of the blocks where a translation's tree departs from the
 * original's: a block missing, added, moved under another parent or of
 * another type. Empty when the translation has exactly the original's shape.
 */
export function shapeDifferences(original: readonly Block[], translation: readonly Block[]) {
  const shapeOf = (tree: readonly Block[]) => {
    const shape = new Map<string, string>();
    const walk = (list: readonly Block[], parent: string) =>
      list.forEach((node, index) => {
        shape.set(node.id, `${node.type}@${parent}#${index}`);
        walk(node.children, node.id);
      });
    walk(tree, '');
    return shape;
  };
  const want = shapeOf(original);
  const have = shapeOf(translation);
  const differing = new Set<string>();
  for (const [id, shape] of want) if (have.get(id) !== shape) differing.add(id);
  for (const id of have.keys()) if (!want.has(id)) differing.add(id);
  return [...differing];
}

/**
 * The original's tree with the translation's texts laid over it, block by
 * block id. Everything but the texts comes from the original, so a
 * translation can never change an address, an image or a tool; a block the
 * original gained after the translation was made stays in Swedish.
 */
export function overlayTexts(original: readonly Block[], translation: readonly Block[]): Block[] {
  const translated = new Map(flattenBlocks(translation).map((node) => [node.id, node]));
  const overlay = (list: readonly Block[]): Block[] =>
    list.map((node) => {
      const children = overlay(node.children);
      const other = translated.get(node.id);
      const props = translatableProps[node.type];
      if (!other || other.type !== node.type || !props) return { ...node, children } as Block;
      const values = { ...(node.props as unknown as Record<string, unknown>) };
      const otherValues = other.props as unknown as Record<string, unknown>;
      for (const prop of Object.keys(props)) {
        if (typeof otherValues[prop] === 'string') values[prop] = otherValues[prop];
      }
      return { ...node, props: values, children } as unknown as Block;
    });
  return overlay(original);
}

/**
 * The texts a translation is made from, in one stable string: the title, the
 * excerpt and every block text by block id. Its hash, stored with a
 * translation, tells later whether the original has changed since.
 */
export function translationSource(post: {
  title: string;
  excerpt: string;
  content: readonly Block[];
}): string {
  return JSON.stringify([
    post.title,
    post.excerpt,
    blockTexts(post.content).map((text) => [text.blockId, text.prop, text.value]),
  ]);
}

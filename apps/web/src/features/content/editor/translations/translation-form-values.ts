import { blockTexts, type Block, type BlockText, type PostType } from '@skolportalen/shared';

/**
 * The types a guardian or pupil must understand (issue 27): news, messages,
 * crisis alerts and pages. Tools, courses and adverts are not translated.
 */
export const translatableTypes: readonly PostType[] = [
  'news',
  'pinned-news',
  'info',
  'info-important',
  'alert',
  'page',
  'page-related',
];

export interface TranslationFormValues {
  title: string;
  excerpt: string;
  /** Each block text by `blockId.prop`. */
  texts: Record<string, string>;
}

export const textKey = (text: Pick<BlockText, 'blockId' | 'prop'>) =>
  `${text.blockId}.${text.prop}`;

/** The original's texts that a translation gives, empty ones left out (nothing to translate). */
export function textsToTranslate(original: readonly Block[]): BlockText[] {
  return blockTexts(original).filter((text) => text.value.trim() !== '');
}

/** The form's start: a saved translation or a machine draft, or empty for a new one. */
export function formValues(
  draft?: { title: string; excerpt: string; content: readonly Block[] } | null,
): TranslationFormValues {
  if (!draft) return { title: '', excerpt: '', texts: {} };
  const texts: Record<string, string> = {};
  for (const text of blockTexts(draft.content)) texts[textKey(text)] = text.value;
  return { title: draft.title, excerpt: draft.excerpt, texts };
}

/**
 * The tree to save: the original's blocks with the translated texts in them.
 * A text left empty keeps the Swedish, so a reader never meets a hole.
 */
export function translatedTree(original: readonly Block[], texts: Record<string, string>): Block[] {
  const keyed = new Map(blockTexts(original).map((text) => [textKey(text), text] as const));
  const walk = (list: readonly Block[]): Block[] =>
    list.map((node) => {
      const props = { ...(node.props as unknown as Record<string, unknown>) };
      for (const [key, text] of keyed) {
        if (text.blockId !== node.id) continue;
        const value = texts[key]?.trim();
        if (value) props[text.prop] = value;
      }
      return { ...node, props, children: walk(node.children) } as unknown as Block;
    });
  return walk(original);
}

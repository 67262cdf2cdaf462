import { createHash } from 'node:crypto';
import {
  overlayTexts,
  shapeDifferences,
  sv,
  translationSource,
  type Block,
  type TranslationValues,
} from '@skolportalen/shared';
import { errors } from '../../http/errors';
import { htmlSanitizer, sanitizeBlocks } from '../posts/post-content';

/** The original's translatable texts, hashed: stored with a translation, compared on every read. */
export function sourceHashOf(post: { title: string; excerpt: string; content: readonly Block[] }) {
  return createHash('sha256').update(translationSource(post)).digest('base64url');
}

/**
 * A translation as it may be stored: the original's blocks (a tree of
 * another shape is refused, naming the blocks), its texts sanitised exactly
 * like the post's own, and everything but the texts taken from the original.
 */
export async function storableTranslation(
  original: { content: readonly Block[] },
  values: Pick<TranslationValues, 'content'>,
  siteOrigin: string,
): Promise<Block[]> {
  // Title and excerpt only: the blocks are read in Swedish.
  if (values.content.length === 0) return [];
  const differing = shapeDifferences(original.content, values.content);
  if (differing.length) {
    throw errors.validation([
      {
        field: 'content',
        message: `${sv.translations.errors.blocksDiffer} (${differing.slice(0, 5).join(', ')})`,
      },
    ]);
  }
  const sanitize = await htmlSanitizer(siteOrigin);
  return overlayTexts(original.content, sanitizeBlocks(values.content, sanitize));
}

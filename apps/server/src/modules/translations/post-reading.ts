import { overlayTexts, sourceLanguage, type Block, type PostListItem } from '@skolportalen/shared';
import type { PostLanguage } from '../posts/post-language';
import type { ContentLanguages } from './content-languages';
import { sourceHashOf } from './translation-texts';
import { translationsForPosts } from './translations.repo';

/**
 * Posts in the reader's language (issue 27): the translated title, excerpt
 * and block texts laid over the original, with the language, its direction,
 * whether a machine made it and whether the original has changed since.
 * A post without a translation stays the Swedish original.
 */
export function postReading(languages: ContentLanguages): PostLanguage {
  return {
    readingLanguage: (user, asked) => languages.readingLanguage(asked, user.preferredLanguage).code,
    async localise(db, items, code) {
      const language = languages.find(code);
      if (!language || code === sourceLanguage || items.length === 0) return items;
      const found = await translationsForPosts(
        db,
        items.map((item) => item.id),
        code,
      );
      return items.map((item) => {
        const match = found.get(item.id);
        if (!match) return item;
        const { translation, original } = match;
        const content = (item as PostListItem & { content?: Block[] }).content;
        return {
          ...item,
          title: translation.title,
          // An excerpt left out of the translation is better read in Swedish than not at all.
          excerpt: translation.excerpt || item.excerpt,
          ...(content && translation.content.length > 0
            ? { content: overlayTexts(content, translation.content) }
            : {}),
          language: language.code,
          dir: language.dir,
          machineTranslated: translation.machineTranslated,
          outdated: translation.sourceHash !== sourceHashOf(original),
        };
      });
    },
  };
}

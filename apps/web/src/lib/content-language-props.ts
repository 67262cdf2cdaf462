import type { TextDirection } from '@skolportalen/shared';
import { sourceLanguage } from '@skolportalen/shared/content/source-language';

/**
 * `lang` and `dir` for an element holding content in a language other than
 * the portal's own; nothing for Swedish, which the page already declares.
 */
export function contentLanguageProps(item: { language: string; dir: TextDirection }): {
  lang?: string;
  dir?: TextDirection;
} {
  return item.language === sourceLanguage ? {} : { lang: item.language, dir: item.dir };
}

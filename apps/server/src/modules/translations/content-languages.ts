import { format, sourceLanguage, sv, type ContentLanguage } from '@skolportalen/shared';
import { errors } from '../../http/errors';

const e = sv.translations.errors;

/**
 * The portal's languages (CONTENT_LANGUAGES) as the services need them. A
 * language is a BCP 47 tag by the request's schema; whether it is one of
 * the portal's is asked here, against the configuration.
 */
export class ContentLanguages {
  private readonly byCode: Map<string, ContentLanguage>;

  constructor(readonly list: readonly ContentLanguage[]) {
    this.byCode = new Map(list.map((language) => [language.code, language]));
  }

  find(code: string): ContentLanguage | undefined {
    return this.byCode.get(code);
  }

  /** One of the portal's languages, or a 400 naming the field. */
  orThrow(code: string, field: string): ContentLanguage {
    const language = this.byCode.get(code);
    if (!language) throw errors.validation([{ field, message: e.unknownLanguage }]);
    return language;
  }

  /** A language a translation may be made into: the portal's, and not Swedish. */
  targetOrThrow(code: string, field = 'lang'): ContentLanguage {
    const language = this.orThrow(code, field);
    if (language.code === sourceLanguage) {
      throw errors.validation([{ field, message: e.sourceLanguage }]);
    }
    return language;
  }

  /**
   * The language a reader reads in: the one asked for, else their own. A
   * reader's own language the portal no longer offers falls back to Swedish.
   */
  readingLanguage(asked: string | undefined, own: string): ContentLanguage {
    if (asked !== undefined) return this.orThrow(asked, 'language');
    return this.byCode.get(own) ?? this.byCode.get(sourceLanguage)!;
  }

  /** "arabiska": how a message names a language. */
  nameOf(code: string): string {
    return this.byCode.get(code)?.name ?? code;
  }

  notFound(code: string) {
    return errors.notFound(format(e.notFound, { language: this.nameOf(code) }));
  }
}

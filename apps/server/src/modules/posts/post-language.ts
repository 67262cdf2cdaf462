import { sourceLanguage, type PostListItem } from '@skolportalen/shared';
import type { Executor } from '../../db/client';
import type { AuthUser } from '../../identity/auth-user.repo';

/**
 * How posts are given in a reader's language (issue 27). The translations
 * module supplies it and the API mount hands it to the post routes, so the
 * posts module imports no translation code.
 */
export interface PostLanguage {
  /**
   * The language a read gives posts in: the one asked for (`language`, a 400
   * when the portal has no such language), else the reader's own.
   */
  readingLanguage(user: AuthUser, asked: string | undefined): string;
  /**
   * The posts in `language` where a translation exists, the rest as they
   * are: one query for the page, none for Swedish.
   */
  localise<T extends PostListItem>(db: Executor, items: T[], language: string): Promise<T[]>;
}

/** Originals only: what the post routes do without the translations module. */
export const originalsOnly: PostLanguage = {
  readingLanguage: () => sourceLanguage,
  localise: async (_db, items) => items,
};

/** What a post in its original says about its language. */
export const originalLanguageFields = {
  language: sourceLanguage,
  dir: 'ltr',
  machineTranslated: false,
  outdated: false,
} as const;

import type { Block } from '@skolportalen/shared';
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { postTranslations, posts, users } from '../../db/schema';

export type TranslationRow = typeof postTranslations.$inferSelect;

/** A translation with the original's texts it is compared with. */
export interface TranslationWithSource {
  translation: TranslationRow;
  original: { title: string; excerpt: string; content: Block[] };
}

/** Who last saved it, as stored (the service shows the name by the protected-identity rule). */
export interface TranslationListRow {
  translation: Omit<TranslationRow, 'content'>;
  editor: { id: number; firstName: string; lastName: string; marked: boolean } | null;
}

export async function translationsOfPost(
  db: Executor,
  postId: number,
): Promise<TranslationListRow[]> {
  const { content: _content, ...columns } = getTableColumns(postTranslations);
  const rows = await db
    .select({
      translation: columns,
      editor: sql<
        TranslationListRow['editor']
      >`(select json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'marked', u.security_marking <> 'Ingen') from ${users} u where u.id = ${postTranslations.updatedBy})`,
    })
    .from(postTranslations)
    .where(eq(postTranslations.postId, postId))
    .orderBy(asc(postTranslations.language));
  return rows as TranslationListRow[];
}

export async function findTranslation(db: Executor, postId: number, language: string) {
  const [row] = await db
    .select()
    .from(postTranslations)
    .where(and(eq(postTranslations.postId, postId), eq(postTranslations.language, language)));
  return row;
}

/**
 * The translations into `language` of a page of posts, each with its
 * original's texts: one query, made only for a reader who reads in another
 * language than Swedish.
 */
export async function translationsForPosts(
  db: Executor,
  postIds: readonly number[],
  language: string,
): Promise<Map<number, TranslationWithSource>> {
  if (postIds.length === 0) return new Map();
  const rows = await db
    .select({
      translation: postTranslations,
      original: { title: posts.title, excerpt: posts.excerpt, content: posts.content },
    })
    .from(postTranslations)
    .innerJoin(posts, eq(posts.id, postTranslations.postId))
    .where(
      and(inArray(postTranslations.postId, [...postIds]), eq(postTranslations.language, language)),
    );
  return new Map(rows.map((row) => [row.translation.postId, row]));
}

export type TranslationWrite = Pick<
  TranslationRow,
  | 'postId'
  | 'language'
  | 'title'
  | 'excerpt'
  | 'content'
  | 'sourceHash'
  | 'machineTranslated'
  | 'updatedBy'
>;

/** Adds or replaces the translation of a post into a language. */
export async function upsertTranslation(db: Executor, values: TranslationWrite) {
  const { postId: _postId, language: _language, ...changes } = values;
  const [row] = await db
    .insert(postTranslations)
    .values(values)
    .onConflictDoUpdate({
      target: [postTranslations.postId, postTranslations.language],
      set: { ...changes, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

/** Stores a translation unless one came first (a reader's request racing another's). */
export async function insertTranslationIfAbsent(db: Executor, values: TranslationWrite) {
  await db.insert(postTranslations).values(values).onConflictDoNothing();
  return findTranslation(db, values.postId, values.language);
}

export async function deleteTranslation(db: Executor, postId: number, language: string) {
  const rows = await db
    .delete(postTranslations)
    .where(and(eq(postTranslations.postId, postId), eq(postTranslations.language, language)))
    .returning({ postId: postTranslations.postId });
  return rows.length > 0;
}

/** The original of a post and its translation, locked for a write. */
export async function lockOriginal(db: Executor, postId: number) {
  const [row] = await db
    .select({ id: posts.id, title: posts.title, excerpt: posts.excerpt, content: posts.content })
    .from(posts)
    .where(eq(posts.id, postId))
    .for('update');
  return row;
}

/** The person who saved a translation, as stored. */
export async function translationEditor(
  db: Executor,
  userId: number,
): Promise<TranslationListRow['editor']> {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      marked: sql<boolean>`${users.securityMarking} <> 'Ingen'`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** The original's translatable texts, as stored now. */
export async function findOriginal(db: Executor, postId: number) {
  const [row] = await db
    .select({ id: posts.id, title: posts.title, excerpt: posts.excerpt, content: posts.content })
    .from(posts)
    .where(eq(posts.id, postId));
  return row;
}

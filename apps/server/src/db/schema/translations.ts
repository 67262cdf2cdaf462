import type { Block } from '@skolportalen/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { posts } from './content';
import { users } from './identity';

/**
 * A post's text in another language (issue 27): the title, the excerpt and
 * the block tree with the original's blocks and translated texts. The hash of
 * the original's texts when it was saved tells whether the original has
 * changed since (the translation is then outdated).
 */
export const postTranslations = pgTable(
  'post_translations',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    content: jsonb('content').$type<Block[]>().notNull().default([]),
    /** SHA-256 of the original's texts (title, excerpt, blocks) this translation was made from. */
    sourceHash: text('source_hash').notNull(),
    /** Made by the translation provider and saved as it came. */
    machineTranslated: boolean('machine_translated').notNull().default(false),
    /** Null when a reader's request had the provider make it. */
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.language] }),
    check(
      'post_translations_language_shape',
      sql`${table.language} ~ '^[a-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$' and ${table.language} <> 'sv'`,
    ),
  ],
);

/** Characters sent to the translation provider per day (TRANSLATION_DAILY_CHARACTERS). */
export const translationUsage = pgTable(
  'translation_usage',
  {
    day: date('day', { mode: 'string' }).primaryKey(),
    characters: integer('characters').notNull().default(0),
  },
  (table) => [check('translation_usage_characters_positive', sql`${table.characters} >= 0`)],
);

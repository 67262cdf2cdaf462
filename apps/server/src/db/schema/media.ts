import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { categories } from './groups';
import { users } from './identity';

export interface StoredRendition {
  filename: string;
  width: number;
  height: number;
}

/** One file of the media library; the bytes live in the media store under `filename`. */
export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** The alt text, called "description" by the spec's API. */
    alt: text('alt').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    /** The format found in the file's bytes, never taken from its name. */
    fileType: text('file_type', { enum: ['png', 'gif', 'jpeg', 'pdf'] }).notNull(),
    /** Content-hashed and never reused, so it can be cached for ever. */
    filename: text('filename').notNull().unique(),
    originalName: text('original_name').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** Smaller webp copies of an image, keyed by use (thumb, card). */
    renditions: jsonb('renditions').$type<Record<'thumb' | 'card', StoredRendition> | null>(),
    /** A PDF: whether it is tagged (decision 0046); null for an image or a PDF from before. */
    pdfTagged: boolean('pdf_tagged'),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('media_category_idx').on(table.categoryId),
    index('media_created_idx').on(table.createdAt),
    check('media_size_positive', sql`${table.size} > 0`),
  ],
);

/**
 * Who uses a media item: one row per (media, record). Modules that put media in
 * their records write these rows in the same transaction (see
 * docs/decisions/0005-media-usages.md); a used item cannot be deleted.
 */
export const mediaUsages = pgTable(
  'media_usages',
  {
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'restrict' }),
    /** The kind of record: post, link… */
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.mediaId, table.entityType, table.entityId] }),
    index('media_usages_entity_idx').on(table.entityType, table.entityId),
  ],
);

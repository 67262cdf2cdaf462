import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { categories, nodes } from './groups';
import { users } from './identity';

/**
 * A document site of the built-in repository: one per school unit and one for the
 * administration. Its document library is the root folder in `document_nodes`.
 */
export const documentSites = pgTable('document_sites', {
  id: serial('id').primaryKey(),
  /** Short name, as Alfresco's site id (`skola-ekbacken`). */
  key: text('key').notNull().unique(),
  title: text('title').notNull(),
  description: text('description'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who may see a site: members of a group (or a group below it) or holders of a
 * category (e.g. a role category). `canWrite` also lets them upload and create folders.
 */
export const documentSiteAccess = pgTable(
  'document_site_access',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => documentSites.id, { onDelete: 'cascade' }),
    nodeId: integer('node_id').references(() => nodes.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'cascade' }),
    canWrite: boolean('can_write').notNull().default(false),
  },
  (table) => [
    index('document_site_access_site_idx').on(table.siteId),
    index('document_site_access_node_idx').on(table.nodeId),
    index('document_site_access_category_idx').on(table.categoryId),
    check(
      'document_site_access_target',
      sql`(${table.nodeId} is null) <> (${table.categoryId} is null)`,
    ),
  ],
);

/** Folders and documents as one tree; a site's root folder has no parent. */
export const documentNodes = pgTable(
  'document_nodes',
  {
    id: serial('id').primaryKey(),
    guid: uuid('guid').notNull().unique(),
    siteId: integer('site_id')
      .notNull()
      .references(() => documentSites.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => documentNodes.id, {
      onDelete: 'cascade',
    }),
    kind: text('kind', { enum: ['folder', 'document'] }).notNull(),
    name: text('name').notNull(),
    /** Of the current version; null for folders. */
    mimeType: text('mime_type'),
    size: bigint('size', { mode: 'number' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedBy: integer('modified_by').references(() => users.id, { onDelete: 'set null' }),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('document_nodes_site_idx').on(table.siteId),
    // Names are unique within a folder, case-insensitively, as in Alfresco.
    uniqueIndex('document_nodes_parent_name_idx').on(table.parentId, sql`lower(${table.name})`),
    uniqueIndex('document_nodes_site_root_idx')
      .on(table.siteId)
      .where(sql`${table.parentId} is null`),
  ],
);

/** Each upload of a document; the newest is the current one. */
export const documentVersions = pgTable(
  'document_versions',
  {
    id: serial('id').primaryKey(),
    nodeId: integer('node_id')
      .notNull()
      .references(() => documentNodes.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    /** Key in the file storage (DATA_DIR/documents by default). */
    storageKey: text('storage_key').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('document_versions_node_label_idx').on(table.nodeId, table.label)],
);

export const documentFavorites = pgTable(
  'document_favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nodeId: integer('node_id')
      .notNull()
      .references(() => documentNodes.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.nodeId] })],
);

/** A public link to a document; anyone with the id may download until it expires. */
export const documentSharedLinks = pgTable(
  'document_shared_links',
  {
    id: text('id').primaryKey(),
    nodeId: integer('node_id')
      .notNull()
      .references(() => documentNodes.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [index('document_shared_links_node_idx').on(table.nodeId)],
);

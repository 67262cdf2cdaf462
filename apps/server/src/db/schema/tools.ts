import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { categories, nodes } from './groups';
import { users } from './identity';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A tool ("Inkastare"): a link shown in the tools grid of the users it targets. */
export const links = pgTable(
  'links',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    shortDescription: text('short_description').notNull(),
    longDescription: text('long_description').notNull(),
    url: text('url').notNull(),
    type: text('type', { enum: ['tool', 'google-tool'] })
      .notNull()
      .default('tool'),
    /** The administrators' order: lower first, ties by name. */
    linkSort: integer('link_sort').notNull().default(0),
    /** Optional tools reach a user's grid only once the user adds them to their own list. */
    optional: boolean('optional').notNull().default(false),
    /**
     * The icon's id in the media library (categories 7 and 10). No foreign key:
     * the media library owns its table; the tool records its use in media_usages,
     * which keeps the icon from being deleted while a tool shows it.
     */
    mediaId: integer('media_id'),
    /** The icon's file name in the media store, kept with the tool so lists need no join. */
    icon: text('icon'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** For the portal search: the name weighs most, then the short and the long description. */
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('swedish'::regconfig, coalesce("name", '')), 'A') || setweight(to_tsvector('swedish'::regconfig, coalesce("short_description", '')), 'B') || setweight(to_tsvector('swedish'::regconfig, coalesce("long_description", '')), 'C')`,
    ),
    ...timestamps,
  },
  (table) => [
    index('links_sort_idx').on(table.linkSort, table.name),
    index('links_search_idx').using('gin', table.search),
    check('links_type_check', sql`${table.type} in ('tool', 'google-tool')`),
  ],
);

/** The groups a tool targets; a user in one of them (or below) is reached. */
export const linkNodes = pgTable(
  'link_nodes',
  {
    linkId: integer('link_id')
      .notNull()
      .references(() => links.id, { onDelete: 'cascade' }),
    nodeId: integer('node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.linkId, table.nodeId] }),
    index('link_nodes_node_idx').on(table.nodeId),
  ],
);

/** The role categories a tool targets. */
export const linkCategories = pgTable(
  'link_categories',
  {
    linkId: integer('link_id')
      .notNull()
      .references(() => links.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.linkId, table.categoryId] }),
    index('link_categories_category_idx').on(table.categoryId),
  ],
);

/**
 * A user's own tool list: optional tools they added (`chosen`) and the
 * position they gave any tool of their grid when they sorted it.
 */
export const userLinks = pgTable(
  'user_links',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    linkId: integer('link_id')
      .notNull()
      .references(() => links.id, { onDelete: 'cascade' }),
    sort: integer('sort'),
    /** False for a row that only remembers where a standard tool was sorted to. */
    chosen: boolean('chosen').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.linkId] }),
    index('user_links_link_idx').on(table.linkId),
  ],
);

/** A teacher's personal bookmarks, shown in the header's favourites dialog. */
export const favorites = pgTable(
  'favorites',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    /** Higher first (the list is read "sort DESC, updated DESC"). */
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (table) => [index('favorites_user_idx').on(table.userId, table.sort)],
);

/** Favourite target groups: a named set of groups a content creator targets often. */
export const groupTemplates = pgTable(
  'group_templates',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ...timestamps,
  },
  (table) => [index('group_templates_user_idx').on(table.userId)],
);

export const groupTemplateNodes = pgTable(
  'group_template_nodes',
  {
    templateId: integer('template_id')
      .notNull()
      .references(() => groupTemplates.id, { onDelete: 'cascade' }),
    nodeId: integer('node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.templateId, table.nodeId] }),
    index('group_template_nodes_node_idx').on(table.nodeId),
  ],
);

/** One row per user for choices that are theirs alone (the main school). */
export const userSettings = pgTable('user_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mainSchoolNodeId: integer('main_school_node_id').references(() => nodes.id, {
    onDelete: 'set null',
  }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** School units whose news a user follows besides their own ("intresseenheter"). */
export const userInterests = pgTable(
  'user_interests',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nodeId: integer('node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.nodeId] }),
    index('user_interests_node_idx').on(table.nodeId),
  ],
);

import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './identity';

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    name: text('name').notNull(),
    /** role, groups, media, content… */
    type: text('type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('categories_type_idx').on(table.type)],
);

/** A group in the municipality's tree: school units, classes, teaching groups… */
export const nodes = pgTable(
  'nodes',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    value: text('value'),
    /** Skolenhet, Klass, Undervisning… (SS 12000 organisation and group types). */
    type: text('type').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => nodes.id, {
      onDelete: 'restrict',
    }),
    categoryId: integer('category_id')
      .notNull()
      .default(1)
      .references(() => categories.id, { onDelete: 'restrict' }),
    /** The main group of its kind for its members, e.g. a pupil's own class. */
    main: boolean('main').notNull().default(false),
    externalId: text('external_id').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('nodes_parent_idx').on(table.parentId),
    index('nodes_category_idx').on(table.categoryId),
    index('nodes_name_idx').on(table.name),
  ],
);

export const categoryNodes = pgTable(
  'category_nodes',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    nodeId: integer('node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.categoryId, table.nodeId] }),
    index('category_nodes_node_idx').on(table.nodeId),
  ],
);

export const userNodes = pgTable(
  'user_nodes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nodeId: integer('node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.nodeId] }),
    index('user_nodes_node_idx').on(table.nodeId),
  ],
);

export const userCategories = pgTable(
  'user_categories',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.categoryId] }),
    index('user_categories_category_idx').on(table.categoryId),
  ],
);

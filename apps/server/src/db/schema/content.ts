import {
  acknowledgementModes,
  defaultReminderHoursBefore,
  pagePlacements,
  postStatuses,
  postTypes,
  type Blurb,
  type Block,
  type Contact,
  type CourseBlock,
  type InfoLink,
} from '@skolportalen/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { categories, nodes } from './groups';
import { users } from './identity';
import { media } from './media';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * A post of any type (spec §3 Post): news, pages, information messages and
 * blocks, crisis alerts, adverts, courses, tools. The block tree is `content`.
 */
export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: postTypes }).notNull(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    content: jsonb('content').$type<Block[]>().notNull().default([]),
    slug: text('slug').notNull().unique('posts_slug_unique'),
    status: text('status', { enum: postStatuses }).notNull().default('publish'),
    order: integer('order').notNull().default(0),
    orderPostBeforeId: integer('order_post_before_id').references((): AnyPgColumn => posts.id, {
      onDelete: 'set null',
    }),
    /**
     * The list position the service derives from `order`, the date and
     * `orderPostBeforeId` (a post placed before another takes that post's place,
     * one millisecond ahead). Lists sort on these so an index can serve them.
     */
    sortOrder: integer('sort_order').notNull().default(0),
    sortAt: timestamp('sort_at', { withTimezone: true }).notNull().defaultNow(),
    /** 0 = no parent page (spec §3: a null parent becomes 0). */
    parentId: integer('parent_id').notNull().default(0),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    pseudoAuthor: text('pseudo_author'),
    allowComments: boolean('allow_comments').notNull().default(true),
    publishedDate: timestamp('published_date', { withTimezone: true }),
    unpublishedDate: timestamp('unpublished_date', { withTimezone: true }),
    authoredDate: timestamp('authored_date', { withTimezone: true }),
    sendNotification: boolean('send_notification').notNull().default(false),
    blurbs: jsonb('blurbs').$type<Blurb[]>().notNull().default([]),
    info: jsonb('info').$type<InfoLink[]>().notNull().default([]),
    contact: jsonb('contact').$type<Contact>(),
    /**
     * The post's picture or icon. No foreign key: media usages (decision 0005)
     * keep a used file from being deleted.
     */
    mediaId: integer('media_id'),
    courseNodeIds: integer('course_node_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    pagePlacement: text('page_placement', { enum: pagePlacements }).notNull().default('none'),
    courseDate: date('course_date', { mode: 'string' }),
    course: jsonb('course').$type<CourseBlock>(),
    /** The page-builder document's version: a save against an older one is refused (409). */
    version: integer('version').notNull().default(1),
    /** Must-read (decision 0040): each reader in the audience confirms "Jag har läst". */
    requiresAcknowledgement: boolean('requires_acknowledgement').notNull().default(false),
    /** The deadline for confirming; null for none. */
    acknowledgeBy: timestamp('acknowledge_by', { withTimezone: true }),
    /** For a child reached through guardians: one guardian's confirmation, or every guardian's. */
    acknowledgement: text('acknowledgement', { enum: acknowledgementModes })
      .notNull()
      .default('each-reader'),
    /**
     * Reminders to those who have not confirmed, in hours before the deadline.
     * Each (post, reader, reminder time) is sent once (post_acknowledgement_reminders).
     */
    reminderHoursBefore: integer('reminder_hours_before')
      .array()
      .notNull()
      .default(sql.raw(`'{${defaultReminderHoursBefore.join(',')}}'::integer[]`)),
    /**
     * Who answers for the post being right (issue 29, decision 0045): set to the
     * author when it is created. Null, or a deactivated user, is "unowned".
     */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** The day (Europe/Stockholm) by which the post is to be reviewed; null for none. */
    reviewDate: date('review_date', { mode: 'string' }),
    /**
     * Counts the post's review periods: a review, or a new review date, starts
     * the next one. Each reminder, escalation and unpublishing is done once per
     * period (post_review_notices).
     */
    reviewPeriod: integer('review_period').notNull().default(1),
    /** Plain text of the blocks (headings, html without tags, cards, tables), for search. */
    searchText: text('search_text').notNull().default(''),
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('swedish'::regconfig, coalesce("title", '')), 'A') || setweight(to_tsvector('swedish'::regconfig, coalesce("excerpt", '')), 'B') || setweight(to_tsvector('swedish'::regconfig, coalesce("search_text", '')), 'C')`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('posts_type_check', sql`${table.type} in (${inList(postTypes)})`),
    check('posts_status_check', sql`${table.status} in (${inList(postStatuses)})`),
    check('posts_page_placement_check', sql`${table.pagePlacement} in (${inList(pagePlacements)})`),
    check(
      'posts_acknowledgement_check',
      sql`${table.acknowledgement} in (${inList(acknowledgementModes)})`,
    ),
    // The readers' feed: published posts in list order, newest first within an order.
    index('posts_feed_idx')
      .on(table.sortOrder, table.sortAt.desc(), table.id.desc())
      .where(sql`${table.status} = 'publish'`),
    index('posts_type_feed_idx')
      .on(table.type, table.sortOrder, table.sortAt.desc(), table.id.desc())
      .where(sql`${table.status} = 'publish'`),
    index('posts_status_idx').on(
      table.status,
      table.sortOrder,
      table.sortAt.desc(),
      table.id.desc(),
    ),
    index('posts_author_idx').on(table.authorId),
    index('posts_owner_idx').on(table.ownerId),
    // What the nightly review run and the dashboards look for.
    index('posts_review_idx')
      .on(table.reviewDate)
      .where(sql`${table.reviewDate} is not null`),
    index('posts_parent_idx').on(table.parentId),
    index('posts_before_idx').on(table.orderPostBeforeId),
    // What the scheduler looks for: posts due to appear and posts due to go.
    index('posts_due_idx')
      .on(table.publishedDate)
      .where(sql`${table.status} = 'future'`),
    index('posts_expiring_idx')
      .on(table.unpublishedDate)
      .where(sql`${table.status} = 'publish' and ${table.unpublishedDate} is not null`),
    index('posts_search_idx').using('gin', table.search),
    // The must-read notices a reader may still have to confirm: few among all posts.
    index('posts_must_read_idx')
      .on(table.acknowledgeBy, table.id)
      .where(sql`${table.status} = 'publish' and ${table.requiresAcknowledgement}`),
    // Pages placed on the start page: a handful among all posts, asked for on every first
    // screen; without it their list read every post the reader's audience reaches (decision 0050).
    index('posts_placed_idx')
      .on(table.pagePlacement, table.sortOrder, table.sortAt.desc(), table.id.desc())
      .where(sql`${table.status} = 'publish' and ${table.pagePlacement} <> 'none'`),
  ],
);

/** The groups a post targets; a member of one of them, or of a group below, is reached. */
export const postNodes = pgTable(
  'post_nodes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    nodeId: integer('node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.nodeId] }),
    index('post_nodes_node_idx').on(table.nodeId, table.postId),
  ],
);

/** The role categories a post targets. */
export const postCategories = pgTable(
  'post_categories',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.categoryId] }),
    index('post_categories_category_idx').on(table.categoryId, table.postId),
  ],
);

/** Users a post is aimed at by name, whatever their groups. */
export const postUsers = pgTable(
  'post_users',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.userId] }),
    index('post_users_user_idx').on(table.userId, table.postId),
  ],
);

/** Assigned editors: they may change the content, not the publishing settings. */
export const postEditors = pgTable(
  'post_editors',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.userId] }),
    index('post_editors_user_idx').on(table.userId, table.postId),
  ],
);

/** The post's gallery (`mediaIds`), in order. */
export const postMedia = pgTable(
  'post_media',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.mediaId] }),
    index('post_media_media_idx').on(table.mediaId),
  ],
);

/** Who has read what (POST /post-read/{id}); once per user and post. */
export const postReads = pgTable(
  'post_reads',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.userId] }),
    index('post_reads_user_idx').on(table.userId, table.postId),
  ],
);

/**
 * The readers' feed, derived from posts, post_nodes and post_categories: one
 * row per published post and (group, category) pair it targets, with the sort
 * keys. A reader's page is then a few short index range reads — one per
 * (group, category) pair of theirs — instead of a walk over every post
 * (decision 0011). Written only by `refreshFeed` in the posts module.
 */
export const postFeed = pgTable(
  'post_feed',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    nodeId: integer('node_id').notNull(),
    categoryId: integer('category_id').notNull(),
    type: text('type', { enum: postTypes }).notNull(),
    sortOrder: integer('sort_order').notNull(),
    sortAt: timestamp('sort_at', { withTimezone: true }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.nodeId, table.categoryId, table.postId] }),
    index('post_feed_post_idx').on(table.postId),
    index('post_feed_order_idx').on(
      table.nodeId,
      table.categoryId,
      table.sortOrder,
      table.sortAt.desc(),
      table.postId.desc(),
    ),
    index('post_feed_date_idx').on(
      table.nodeId,
      table.categoryId,
      table.publishedAt.desc(),
      table.postId.desc(),
    ),
    index('post_feed_type_order_idx').on(
      table.nodeId,
      table.categoryId,
      table.type,
      table.sortOrder,
      table.sortAt.desc(),
      table.postId.desc(),
    ),
    index('post_feed_type_date_idx').on(
      table.nodeId,
      table.categoryId,
      table.type,
      table.publishedAt.desc(),
      table.postId.desc(),
    ),
  ],
);

/**
 * Which posts' feed rows each change of the feed table touched, under the
 * value the feed counter (`cache_generations` 'feed') took at that change's
 * commit (migration 0038). The feed kept in memory (modules/posts/feed-mirror.ts)
 * catches up by reading the rows of the posts changed since its own value; the
 * trigger keeps the last `feedChangesKept` values' changes.
 */
export const postFeedChanges = pgTable(
  'post_feed_changes',
  {
    generation: bigint('generation', { mode: 'number' }).notNull(),
    postId: integer('post_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.generation, table.postId] })],
);

import { postStatuses, postTypes } from '@skolportalen/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './identity';

/** What made a version: a save, or a change of status by a person or the scheduler. */
export const postVersionEvents = [
  'created',
  'saved',
  'published',
  'unpublished',
  'scheduled',
  'trashed',
  'restored',
  'deleted',
] as const;
export type PostVersionEvent = (typeof postVersionEvents)[number];

/**
 * Every saved state of a post (issue 28): all its columns as they were, its
 * audience and editors, who changed it and when. A post's versions are
 * numbered from 1. They have no foreign key to the post on purpose: what was
 * published is a public record (allmän handling) and outlives the post's
 * deletion from the portal until a retention rule allows it to go. Rows are
 * never changed, except that drafts saved by the same person within a few
 * minutes fold into one.
 */
export const postVersions = pgTable(
  'post_versions',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id').notNull(),
    number: integer('number').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    /** Who made the change; null for the scheduler. Kept as an id when the account goes. */
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    event: text('event', { enum: postVersionEvents }).notNull(),
    type: text('type', { enum: postTypes }).notNull(),
    status: text('status', { enum: postStatuses }).notNull(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    /** The post's row as it was (every column but the search vector). */
    post: jsonb('post').$type<Record<string, unknown>>().notNull(),
    nodeIds: integer('node_ids').array().notNull(),
    categoryIds: integer('category_ids').array().notNull(),
    userIds: integer('user_ids').array().notNull(),
    editorIds: integer('editor_ids').array().notNull(),
  },
  (table) => [
    uniqueIndex('post_versions_post_number').on(table.postId, table.number),
    index('post_versions_post_recorded').on(table.postId, table.recordedAt),
    check(
      'post_versions_event_check',
      sql`${table.event} in (${sql.raw(postVersionEvents.map((v) => `'${v}'`).join(', '))})`,
    ),
  ],
);

/**
 * Retention rules (gallringsbeslut): how long posts of a type are kept after
 * they were last unpublished (or trashed), or forever, each citing the
 * decision it rests on. A post no rule covers is never deleted.
 */
export const retentionRules = pgTable(
  'retention_rules',
  {
    id: serial('id').primaryKey(),
    postType: text('post_type', { enum: postTypes }).notNull(),
    /** Months after unpublishing; null keeps the posts forever. */
    keepMonths: integer('keep_months'),
    /** The retention decision the rule rests on, e.g. "KS 2024/123". */
    decision: text('decision').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('retention_rules_post_type').on(table.postType),
    check(
      'retention_rules_keep_months_check',
      sql`${table.keepMonths} is null or ${table.keepMonths} >= 1`,
    ),
  ],
);

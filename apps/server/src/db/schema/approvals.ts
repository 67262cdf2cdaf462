import { approvalAudiences, postTypes } from '@skolportalen/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { posts } from './content';
import { users } from './identity';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * Which posts need a second person's approval before they are published
 * (issue 29): by type, by audience, by the author's role; and who approves —
 * holders of a role, optionally only those at a school the post reaches.
 */
export const approvalRules = pgTable(
  'approval_rules',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The post types it covers; none named covers every type. */
    postTypes: text('post_types', { enum: postTypes })
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** `any`, `municipality` (aimed at the whole municipality) or `school-unit` (a whole school). */
    audience: text('audience', { enum: approvalAudiences }).notNull().default('any'),
    /** The authors' roles it covers (role keys); none named covers everyone. */
    authorRoles: text('author_roles')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** The role whose holders approve (a role key). */
    approverRole: text('approver_role').notNull(),
    /** Only approvers at a school the post reaches (the municipality reaches every school). */
    approverSameSchool: boolean('approver_same_school').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'approval_rules_audience_check',
      sql`${table.audience} in (${inList(approvalAudiences)})`,
    ),
  ],
);

export const approvalStates = ['pending', 'approved', 'returned', 'withdrawn'] as const;

/**
 * Each time a post is sent for approval, and what became of it. One request
 * per post is pending at a time (the partial unique index): two approvers
 * acting at once record one decision.
 */
export const postApprovals = pgTable(
  'post_approvals',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    ruleId: integer('rule_id').references(() => approvalRules.id, { onDelete: 'set null' }),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    /** The post's version (post_versions.number) the request is about. */
    versionNumber: integer('version_number').notNull(),
    state: text('state', { enum: approvalStates }).notNull().default('pending'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The approver's comment when sending a post back. */
    comment: text('comment'),
  },
  (table) => [
    uniqueIndex('post_approvals_one_pending')
      .on(table.postId)
      .where(sql`${table.state} = 'pending'`),
    index('post_approvals_post_idx').on(table.postId, table.requestedAt),
    check('post_approvals_state_check', sql`${table.state} in (${inList(approvalStates)})`),
  ],
);

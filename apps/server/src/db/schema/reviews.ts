import { sql } from 'drizzle-orm';
import {
  check,
  date,
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
 * The steps of a review period (decision 0045): the owner reminded before the
 * date, the school's principals told after the first grace period, the post
 * unpublished after the second.
 */
export const reviewStages = ['reminder', 'escalation', 'unpublished'] as const;

/**
 * Each step the nightly review run has taken, once per post, review period
 * and stage (the unique index): a run that is repeated, or two at once, do
 * nothing twice.
 */
export const postReviewNotices = pgTable(
  'post_review_notices',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /** posts.review_period when the step was taken. */
    period: integer('period').notNull(),
    stage: text('stage', { enum: reviewStages }).notNull(),
    /** The review date the step was about. */
    reviewDate: date('review_date', { mode: 'string' }).notNull(),
    /** Who was told: the owner, or the principals. */
    recipientIds: integer('recipient_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('post_review_notices_once').on(table.postId, table.period, table.stage),
    index('post_review_notices_post_idx').on(table.postId),
    check('post_review_notices_stage_check', sql`${table.stage} in (${inList(reviewStages)})`),
  ],
);

/** Who reviewed a post, and when (the "Markera som granskad" action). */
export const postReviews = pgTable(
  'post_reviews',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull(),
    /** The review date before and after. */
    previousDate: date('previous_date', { mode: 'string' }),
    nextDate: date('next_date', { mode: 'string' }),
  },
  (table) => [index('post_reviews_post_idx').on(table.postId, table.reviewedAt)],
);

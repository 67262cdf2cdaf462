import { linkProblems } from '@skolportalen/shared';
import { sql } from 'drizzle-orm';
import {
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

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * What the nightly link check last found for each web address a published
 * post links to: one row per post and address. A link that works has no
 * problem; a broken one keeps when it was first found broken and when its
 * owner was told, so the owner is told once. A link that works again, or
 * leaves the post, is cleared.
 */
export const linkChecks = pgTable(
  'link_checks',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** Null: the link worked at the last check. */
    problem: text('problem', { enum: linkProblems }),
    /** The last answer's HTTP status, when there was one. */
    httpStatus: integer('http_status'),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
    brokenSince: timestamp('broken_since', { withTimezone: true }),
    /** When the post's owner was told; null while the link works or before the telling. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('link_checks_post_url').on(table.postId, table.url),
    index('link_checks_broken_idx')
      .on(table.postId)
      .where(sql`${table.problem} is not null`),
    index('link_checks_checked_idx').on(table.checkedAt),
    check(
      'link_checks_problem_check',
      sql`${table.problem} is null or ${table.problem} in (${inList(linkProblems)})`,
    ),
  ],
);

import { attendeeStatuses, type AttendeeAnswer } from '@skolportalen/shared';
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
import { posts } from './content';
import { users } from './identity';

const statusList = sql.raw(attendeeStatuses.map((status) => `'${status}'`).join(', '));

/**
 * Who is booked on a course (a post of type course): a portal user, or an
 * external attendee known by name and e-mail (spec §3 Course). Places are
 * counted from these rows inside the booking transaction (decision 0013).
 */
export const courseAttendees = pgTable(
  'course_attendees',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /** Null for an external attendee. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    externalName: text('external_name'),
    externalEmail: text('external_email'),
    externalOrganisation: text('external_organisation'),
    status: text('status', { enum: attendeeStatuses }).notNull(),
    answers: jsonb('answers').$type<AttendeeAnswer[]>().notNull().default([]),
    /** The reserve list's order: when the attendee last joined it. */
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who made the booking, when not the attendee themself. */
    bookedBy: integer('booked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('course_attendees_status_check', sql`${table.status} in (${statusList})`),
    check(
      'course_attendees_who_check',
      sql`${table.userId} is not null or (${table.externalName} is not null and ${table.externalEmail} is not null)`,
    ),
    // Booking twice is refused by the database too, whatever races.
    uniqueIndex('course_attendees_user_unique')
      .on(table.postId, table.userId)
      .where(sql`${table.userId} is not null`),
    uniqueIndex('course_attendees_external_unique')
      .on(table.postId, sql`lower(${table.externalEmail})`)
      .where(sql`${table.userId} is null`),
    index('course_attendees_queue_idx').on(table.postId, table.status, table.queuedAt, table.id),
    index('course_attendees_user_idx').on(table.userId),
  ],
);

/**
 * A user's secret address for the calendar feed of their courses. Only the
 * hash is kept; making a new one replaces the old, deleting it ends the feed.
 */
export const courseFeedTokens = pgTable('course_feed_tokens', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

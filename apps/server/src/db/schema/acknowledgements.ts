import { acknowledgementChannels } from '@skolportalen/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { posts } from './content';
import { users } from './identity';
import { mailOutbox } from './notifications';

/**
 * "Jag har läst" (decision 0040): one row per reader and post, or per
 * guardian, child and post. The unique index is what makes twenty parallel
 * confirmations record one.
 */
export const postAcknowledgements = pgTable(
  'post_acknowledgements',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /** Who confirmed: the reader, or the guardian. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The child a guardian confirmed for; null when the reader confirmed for themselves. */
    childId: integer('child_id').references(() => users.id, { onDelete: 'cascade' }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }).notNull().defaultNow(),
    via: text('via', { enum: acknowledgementChannels }).notNull().default('portal'),
  },
  (table) => [
    uniqueIndex('post_acknowledgements_once').on(
      table.postId,
      table.userId,
      sql`coalesce(${table.childId}, 0)`,
    ),
    // Another guardian's confirmation for the same child (one per child is enough).
    index('post_acknowledgements_child_idx').on(table.postId, table.childId),
    index('post_acknowledgements_user_idx').on(table.userId, table.postId),
    check(
      'post_acknowledgements_via_check',
      sql`${table.via} in (${sql.raw(acknowledgementChannels.map((v) => `'${v}'`).join(', '))})`,
    ),
  ],
);

/**
 * The reminders sent: one row per post, reader and reminder time (the
 * deadline less one of the post's `reminder_hours_before`), written in the
 * transaction that queues the mail, so a time is never reminded twice.
 */
export const postAcknowledgementReminders = pgTable(
  'post_acknowledgement_reminders',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slotAt: timestamp('slot_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    /** The reminder's mail: its one-click link is made as the mail is sent (decision 0040). */
    mailId: integer('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.userId, table.slotAt] }),
    index('post_acknowledgement_reminders_mail_idx')
      .on(table.mailId)
      .where(sql`${table.mailId} is not null`),
  ],
);

/**
 * The one-click links of must-read mail (decision 0040): a link confirms one
 * post for one reader without signing in. Only the SHA-256 of its secret is
 * kept; the secret itself exists only in the mail, made as the mail is sent.
 * A link ends a margin after the deadline (migration 0028's
 * `acknowledgement_link_expiry`), and is revoked when the post stops asking,
 * when the reader's account is disabled, or by the post's editors.
 */
export const postAcknowledgementLinks = pgTable(
  'post_acknowledgement_links',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('post_acknowledgement_links_reader_idx').on(table.postId, table.userId),
    index('post_acknowledgement_links_user_idx')
      .on(table.userId)
      .where(sql`${table.revokedAt} is null`),
  ],
);

import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { posts } from './content';
import { users } from './identity';

/**
 * A message to an audience (spec §7 POST /notification/send, or a post with
 * sendNotification): shown in each recipient's bell and mailed to those with
 * an address who have not opted out.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    source: text('source', { enum: ['manual', 'post', 'approval', 'review'] }).notNull(),
    /** The published post, for source "post"; the history stays when the post is deleted. */
    postId: integer('post_id').references(() => posts.id, { onDelete: 'set null' }),
    /** `{ nodeIds, categoryIds, userIds }` as chosen; recipients are resolved by the fan-out job. */
    audience: jsonb('audience').notNull(),
    state: text('state', { enum: ['queued', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    recipientCount: integer('recipient_count').notNull().default(0),
    mailCount: integer('mail_count').notNull().default(0),
    noEmailCount: integer('no_email_count').notNull().default(0),
    optedOutCount: integer('opted_out_count').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the recipients were resolved and the mails queued. */
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('notifications_created_idx').on(table.createdAt),
    // A post notifies once, however often it is published again.
    uniqueIndex('notifications_post_once')
      .on(table.postId)
      .where(sql`${table.postId} is not null`),
  ],
);

/**
 * One e-mail to one address: the outbox. Sent by the mail job, or only kept
 * here when no SMTP server is configured. The unique index is what makes a
 * retry or a second fan-out unable to mail an address twice for one notification.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    notificationId: integer('notification_id').references(() => notifications.id, {
      onDelete: 'cascade',
    }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'kept', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The SMTP server's message id, when sent. */
    messageId: text('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when a send begins; a mail left "sending" past a while belonged to a stopped server. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('mail_outbox_once_per_address').on(
      table.notificationId,
      sql`lower(${table.toAddress})`,
    ),
    index('mail_outbox_status_idx').on(table.status, table.createdAt),
    index('mail_outbox_created_idx').on(table.createdAt),
  ],
);

/** Who a notification reached: the bell's list and read/dismissed state, and what became of the mail. */
export const notificationRecipients = pgTable(
  'notification_recipients',
  {
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** mail: see the outbox row; no_email and opted_out: no mail was made. */
    delivery: text('delivery', { enum: ['mail', 'no_email', 'opted_out'] }).notNull(),
    mailId: integer('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.notificationId, table.userId] }),
    index('notification_recipients_user_idx').on(table.userId, table.createdAt),
  ],
);

/** A user's choice about mail from the portal; no row means the default (mail on). */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: boolean('email').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type NotificationAudience = {
  nodeIds: number[];
  categoryIds: number[];
  userIds: number[];
};

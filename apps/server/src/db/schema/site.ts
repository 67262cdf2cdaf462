import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './identity';

/** Feedback from the accessibility statement's feedback function; read by administrators. */
export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who sent it, when signed in; feedback may also come from someone who cannot sign in. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    /** Only when the sender wants an answer. */
    email: text('email'),
    pageUrl: text('page_url'),
    status: text('status', { enum: ['new', 'handled'] })
      .notNull()
      .default('new'),
  },
  (table) => [index('feedback_created_idx').on(table.createdAt)],
);

/** Page views counted per day and path only: no user, no cookie, no address. */
export const pageViews = pgTable(
  'page_views',
  {
    day: date('day', { mode: 'string' }).notNull(),
    path: text('path').notNull(),
    views: integer('views').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.path] })],
);

/**
 * Counters that database triggers raise at the commit of any transaction that
 * changes what they guard (migration 0014): `session` guards who a signed-in
 * session is — its tokens, the account, roles, rights and groups. A cached
 * session is good while the counter it was read under is still the current one.
 */
export const cacheGenerations = pgTable('cache_generations', {
  scope: text('scope').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
});

/**
 * One counter per user for what only that user's own view shows of posts
 * (their likes, what they have read), raised by triggers (migration 0015).
 * No foreign key: a user's deletion cascades into the tables that raise it.
 */
export const userGenerations = pgTable('user_generations', {
  userId: integer('user_id').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
});

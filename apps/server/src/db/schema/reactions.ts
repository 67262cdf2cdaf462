import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { limits } from '@skolportalen/shared';
import { posts } from './content';
import { users } from './identity';

/**
 * A reader's comment under a post: plain text, never HTML. It goes with its
 * post and with its writer.
 */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The list of a post, oldest first.
    index('comments_post_idx').on(table.postId, table.createdAt, table.id),
    // The writer's recent comments, and the cascade when a user goes.
    index('comments_user_idx').on(table.userId, table.createdAt),
    check(
      'comments_text_length',
      sql.raw(`char_length(text) between 1 and ${limits.commentTextMax}`),
    ),
  ],
);

/**
 * A like of a post or of a comment (exactly one of them): one per user and
 * target, so liking twice keeps one like.
 */
export const likes = pgTable(
  'likes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('likes_user_post_unique').on(table.userId, table.postId),
    unique('likes_user_comment_unique').on(table.userId, table.commentId),
    // Counting a post's or a comment's likes.
    index('likes_post_idx')
      .on(table.postId)
      .where(sql`post_id is not null`),
    index('likes_comment_idx')
      .on(table.commentId)
      .where(sql`comment_id is not null`),
    check('likes_one_target', sql`(post_id is null) <> (comment_id is null)`),
  ],
);

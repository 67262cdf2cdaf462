import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import type { AuthContext } from '../../http/authenticate';

/**
 * Answers of GetPosts kept in the process (decision 0017), so that the start
 * page's lists — asked for again at every return to the start page — cost
 * two small reads instead of the feed query. An answer is keyed by the
 * session's token and the request, and stamped with everything it was made
 * from: the session counter (who the reader is, decision 0016), the content
 * counter (every post, target, picture, comment and author name), the
 * reader's own counter (their likes and reads) and the minute (what changes
 * by the clock alone: a course that has started, others' likes and the read
 * figures editors see, at most a minute late). A stamp that no longer
 * matches is a miss, so nothing has to be deleted when data changes.
 */
export interface FeedAnswer {
  payload: string;
  total: string;
}

export interface FeedCache {
  stamp(db: Executor, auth: AuthContext, now: Date): Promise<string>;
  get(key: string): FeedAnswer | undefined;
  set(key: string, answer: FeedAnswer): void;
}

/** Least recently used answers go first once they hold more than `maxBytes` of text. */
export function createFeedCache(maxBytes = 32 * 1024 * 1024): FeedCache {
  const entries = new Map<string, FeedAnswer>();
  let bytes = 0;
  const sizeOf = (key: string, answer: FeedAnswer) =>
    2 * (key.length + answer.payload.length + answer.total.length);
  const drop = (key: string) => {
    const answer = entries.get(key);
    if (!answer) return;
    entries.delete(key);
    bytes -= sizeOf(key, answer);
  };
  return {
    async stamp(db, auth, now) {
      const [row] = await rowsOf<{ content: string; mine: string }>(
        db,
        sql`select
          (select value from cache_generations where scope = 'content') as content,
          coalesce((select value from user_generations where user_id = ${auth.user.id}), 0) as mine`,
      );
      const minute = Math.floor(now.getTime() / 60_000);
      return `${auth.generation ?? 'none'}.${row?.content}.${row?.mine}.${minute}`;
    },
    get(key) {
      const answer = entries.get(key);
      if (!answer) return undefined;
      entries.delete(key);
      entries.set(key, answer);
      return answer;
    },
    set(key, answer) {
      drop(key);
      const size = sizeOf(key, answer);
      if (size > maxBytes / 16) return;
      entries.set(key, answer);
      bytes += size;
      while (bytes > maxBytes) drop(entries.keys().next().value!);
    },
  };
}

/** The key of one reader's one request under one stamp. */
export function feedKey(auth: AuthContext, stamp: string, request: unknown) {
  return `${auth.token.id}|${stamp}|${JSON.stringify(request)}`;
}

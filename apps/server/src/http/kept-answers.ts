import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Executor } from '../db/client';
import { rowsOf } from '../db/raw-rows';
import type { AuthContext } from '../identity/authenticate';
import { countCacheLookup } from '../metrics/metrics';
import type { GenerationScope } from '../identity/session-state';
import { paginationTotal } from './route-deps';

/**
 * Answers of list routes kept in the process (decision 0017), keyed by the
 * session's token and the request, and stamped with everything they were made
 * from: the session counter (who the reader is, decision 0016), the counter of
 * the route's own data (`cache_generations`, raised by triggers at commit),
 * the reader's own counter (their likes, reads and tool list) and the minute
 * (what changes by the clock alone). A stamp that no longer matches is a
 * miss, so nothing has to be deleted when data changes.
 */
export interface KeptAnswer {
  payload: string;
  total: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route keeps answers under this scope: `authenticate` reads its counters too. */
    keptAnswers?: GenerationScope;
  }
}

export interface KeptAnswers {
  /** The kept answer of this request, or the one `make` gives, kept for next time. */
  answer(
    db: Executor,
    auth: AuthContext,
    now: Date,
    request: unknown,
    make: () => Promise<KeptAnswer>,
  ): Promise<KeptAnswer>;
}

/**
 * The data counter of `scope` as `authenticate` read it for this request (with
 * the session counter, in one round trip), if it did.
 */
export function stampedCounter(auth: AuthContext, scope: GenerationScope): string | undefined {
  const known = auth.stamp;
  return known?.scope === scope && known.userId === auth.user.id ? known.data : undefined;
}

/** Least recently used answers go first once they hold more than `maxBytes` of text. */
export function createKeptAnswers(
  scope: GenerationScope,
  maxBytes = 32 * 1024 * 1024,
): KeptAnswers {
  const sizeOf = (answer: KeptAnswer, key: string) =>
    2 * (key.length + answer.payload.length + answer.total.length);
  // An answer over a sixteenth of the room is not kept: it would push out many small ones.
  const entries =
    maxBytes > 0
      ? new LRUCache<string, KeptAnswer>({
          maxSize: maxBytes,
          maxEntrySize: maxBytes / 16,
          sizeCalculation: sizeOf,
        })
      : null;
  return {
    async answer(db, auth, now, request, make) {
      if (!entries) return make();
      // Read by `authenticate` with the session counter, unless the session was new to it.
      const known = auth.stamp;
      const [row] =
        known?.scope === scope && known.userId === auth.user.id
          ? [known]
          : await rowsOf<{ data: string; mine: string }>(
              db,
              sql`select
          (select value from cache_generations where scope = ${scope}) as data,
          coalesce((select value from user_generations where user_id = ${auth.user.id}), 0) as mine`,
            );
      const minute = Math.floor(now.getTime() / 60_000);
      const stamp = `${auth.generation ?? 'none'}.${row?.data}.${row?.mine}.${minute}`;
      const key = `${auth.token.id}|${stamp}|${JSON.stringify(request)}`;
      const kept = entries.get(key);
      countCacheLookup('answers', kept !== undefined);
      if (kept) return kept;
      const made = await make();
      entries.set(key, made);
      return made;
    },
  };
}

/** Sends a kept answer as it was serialised when it was made. */
export function sendKept(reply: FastifyReply, answer: KeptAnswer) {
  return reply
    .headers(paginationTotal(Number(answer.total)))
    .type('application/json; charset=utf-8')
    .serializer((payload: unknown) => payload as string)
    .send(answer.payload);
}

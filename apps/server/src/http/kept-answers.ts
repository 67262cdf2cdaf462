import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { plannedRows, type Executor } from '../db/client';
import type { AuthContext } from '../identity/authenticate';
import { countCacheLookup } from '../metrics/metrics';
import type { DataCounters, GenerationScope } from '../identity/session-state';

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
 * The data counter of `scope` and the reader's own counter for this request:
 * as `authenticate` read them with the session counter (in one round trip),
 * or else read once for the request with every other counter.
 */
export async function countersFor(
  db: Executor,
  auth: AuthContext,
  scope: GenerationScope,
): Promise<{ data: string; mine: string }> {
  const known = auth.stamp;
  if (known?.scope === scope && known.userId === auth.user.id) return known;
  const counters = await countersOf(db, auth);
  return { data: counters[scope], mine: counters.mine };
}

/** The feed counter (migration 0038) for this request, read once with every other counter. */
export async function feedCounterFor(db: Executor, auth: AuthContext): Promise<string> {
  return (await countersOf(db, auth)).feed;
}

/**
 * Every data counter and the reader's own, read once per request in one
 * round trip: the start page's first screen asks several kept routes within
 * one request (first-screen.ts). A session's first request has them from
 * `authenticate`, read with the session.
 */
const countersRead = new WeakMap<AuthContext, Promise<DataCounters>>();

function countersOf(db: Executor, auth: AuthContext): Promise<DataCounters> {
  const known = auth.counters;
  if (known?.userId === auth.user.id) return Promise.resolve(known);
  let counters = countersRead.get(auth);
  if (!counters) {
    // The same text for every request: planned once per connection.
    counters = plannedRows<DataCounters>(
      db,
      sql`select
          (select value from cache_generations where scope = 'content')::text as content,
          (select value from cache_generations where scope = 'links')::text as links,
          (select value from cache_generations where scope = 'feed')::text as feed,
          coalesce((select value from user_generations where user_id = ${auth.user.id}), 0)::text as mine`,
    ).then(([row]) => row!);
    countersRead.set(auth, counters);
    counters.catch(() => countersRead.delete(auth));
  }
  return counters;
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
      const row = await countersFor(db, auth, scope);
      const minute = Math.floor(now.getTime() / 60_000);
      const stamp = `${auth.generation ?? 'none'}.${row.data}.${row.mine}.${minute}`;
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

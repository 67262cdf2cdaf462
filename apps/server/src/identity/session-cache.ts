import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/client';
import { countCacheLookup } from '../metrics/metrics';
import { cacheGenerations } from '../db/schema';
import type { AuthUser } from './auth-user.repo';
import type { GenerationScope, SessionState } from './session-state';

/**
 * Resolved sessions, kept in this process so that a request does not look up
 * its tokens, its account and its rights again (three round trips) when
 * nothing about them has changed. "Changed" is the database's session
 * counter (migration 0014): triggers raise it at the commit of every change
 * to tokens, accounts, roles, rights and groups, whichever instance or job
 * made it, so one small read per request proves an entry still true. A token
 * that expires ends its entry by the clock.
 */
export interface CachedSession {
  state: SessionState;
  user: AuthUser;
}

/**
 * What routes derive from the session alone and may keep beside it for as
 * long as the session entry stands: only values read from the tables the
 * session counter guards (accounts, roles, rights, groups, categories,
 * guardianships), or they would outlive a change.
 */
export type SessionMemo = Map<string, Promise<unknown>>;

interface Entry extends CachedSession {
  memo: SessionMemo;
  generation: string;
  /** The first expiry among the session's tokens: the usable set changes then. */
  validUntil: number;
}

/** A kept-answers route's counters (http/kept-answers.ts), read with the session counter. */
export interface RouteStamp {
  scope: GenerationScope;
  userId: number;
  data: string;
  mine: string;
}

export interface SessionCounters {
  session: string;
  stamp?: RouteStamp;
}

export interface SessionCache {
  /**
   * The counter now; read it before resolving a session that will be stored.
   * With `stampOf`, a route's counters come in the same round trip.
   */
  generation(stampOf?: { scope: GenerationScope; userId: number }): Promise<SessionCounters>;
  /** The account a kept entry belongs to, whether or not the entry is still current. */
  userOf(credential: string): number | undefined;
  get(credential: string, generation: string): (CachedSession & { memo: SessionMemo }) | undefined;
  /** Keeps the session; answers the memo that goes with it. */
  set(credential: string, generation: string, session: CachedSession): SessionMemo;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value) && !(value instanceof Date)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** Least recently used sessions go first once `maxEntries` is reached. */
export function createSessionCache(db: Database, maxEntries = 20_000): SessionCache {
  const entries = new LRUCache<string, Entry>({ max: maxEntries });
  // Named statements: planned once per connection, not on every request.
  const isSession = sql`${cacheGenerations.scope} = 'session'`;
  const sessionOnly = db
    .select({ session: cacheGenerations.value })
    .from(cacheGenerations)
    .where(isSession)
    .prepare('session_counter');
  const withStamp = db
    .select({
      session: cacheGenerations.value,
      data: sql<string>`(select value from cache_generations where scope = ${sql.placeholder('scope')})`,
      mine: sql<string>`coalesce((select value from user_generations where user_id = ${sql.placeholder('user')}), 0)`,
    })
    .from(cacheGenerations)
    .where(isSession)
    .prepare('session_counter_with_stamp');
  return {
    async generation(stampOf) {
      if (!stampOf) {
        const [row] = await sessionOnly.execute();
        return { session: String(row?.session ?? '0') };
      }
      const [row] = await withStamp.execute({ scope: stampOf.scope, user: stampOf.userId });
      if (!row) return { session: '0' };
      return {
        session: String(row.session),
        stamp: { ...stampOf, data: String(row.data), mine: String(row.mine) },
      };
    },
    userOf(credential) {
      return entries.peek(credential)?.user.id;
    },
    get(credential, generation) {
      const entry = entries.get(credential);
      const current = entry?.generation === generation && entry.validUntil > Date.now();
      countCacheLookup('sessions', current);
      if (current) return entry;
      if (entry) entries.delete(credential);
      return undefined;
    },
    set(credential, generation, session) {
      const validUntil = Math.min(
        ...session.state.tokens.map((entry) => entry.token.expires.getTime()),
      );
      // Shared by every request of the session: nobody may change it on the way.
      const memo: SessionMemo = new Map();
      entries.set(credential, { ...deepFreeze(session), memo, generation, validUntil });
      return memo;
    },
  };
}

/**
 * A value derived from the signed-in session, computed once per session entry
 * (see SessionMemo for what may be kept). A failed computation is not kept.
 */
export function sessionMemo<T>(
  memo: SessionMemo | undefined,
  key: string,
  compute: () => Promise<T>,
) {
  if (!memo) return compute();
  const known = memo.get(key) as Promise<T> | undefined;
  if (known) return known;
  const value = compute();
  memo.set(key, value);
  value.catch(() => memo.delete(key));
  return value;
}

import { and, inArray, lt } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Executor } from '../db/client';
import { tokens } from '../db/schema';

/** A token as stored (token.repo.ts reads and writes them). */
type TokenRow = typeof tokens.$inferSelect;

/**
 * The inactivity limit (ASVS 7.3.1, decision 0019). Every request notes its
 * tokens' use in `tokens.last_used_at`, at most once per `touchIntervalMs`
 * per token and instance, so the stored time may lag the real last use by up
 * to that interval; a token counts as idle only once the limit and that
 * interval have both passed, so someone at work is never sent away early.
 */
export const touchIntervalMs = 60_000;

export interface IdlePolicy {
  /** 0 turns the limit off. */
  idleMs: number;
}

/** API tokens serve integrations that may call once a day; only their lifetime ends them. */
export function idleLimitApplies(token: Pick<TokenRow, 'type'>) {
  return token.type !== 'api';
}

export function isIdle(
  policy: IdlePolicy,
  token: Pick<TokenRow, 'type'>,
  lastUsedMs: number,
  nowMs: number,
) {
  return (
    policy.idleMs > 0 &&
    idleLimitApplies(token) &&
    nowMs - lastUsedMs > policy.idleMs + touchIntervalMs
  );
}

export interface SessionActivity {
  /** Idle by what this instance knows: the token row as read, or its own later writes. */
  seemsIdle(token: TokenRow, nowMs: number): boolean;
  /** Notes a request made with these tokens; writes only those not written within the interval. */
  touch(used: readonly TokenRow[], nowMs: number): Promise<void>;
}

export function createSessionActivity(
  db: Executor,
  policy: IdlePolicy,
  maxEntries = 50_000,
): SessionActivity {
  // The latest last_used_at this instance wrote, per token (the database holds at least that).
  // Oldest writes go first when full; a forgotten one only means the next request writes again.
  const written = new LRUCache<string, number>({ max: maxEntries });
  const lastUse = (token: TokenRow) =>
    Math.max(token.lastUsedAt.getTime(), written.peek(token.id) ?? 0);
  return {
    seemsIdle: (token, nowMs) => isIdle(policy, token, lastUse(token), nowMs),
    async touch(used, nowMs) {
      const due = used.filter((token) => nowMs - lastUse(token) >= touchIntervalMs);
      if (due.length === 0) return;
      const at = new Date(nowMs);
      // Not a session change: the session counter's trigger ignores this column (migration 0017).
      await db
        .update(tokens)
        .set({ lastUsedAt: at })
        .where(
          and(
            inArray(
              tokens.id,
              due.map((token) => token.id),
            ),
            lt(tokens.lastUsedAt, at),
          ),
        );
      for (const token of due) written.set(token.id, nowMs);
    },
  };
}

import type { TokenRow } from './token.repo';

/** A resolved session: the tokens the request proved itself with (decision 0027). */
export interface SessionState {
  /** How the request proved itself: the browser cookie or a bearer header. */
  via: 'cookie' | 'bearer';
  /**
   * Usable tokens of the session, oldest first, with their secrets; the cookie
   * must list exactly these, in this order (decision 0027). The active one is
   * the same object as its entry here.
   */
  tokens: { secret: string; token: TokenRow }[];
  active: { secret: string; token: TokenRow };
}

/**
 * The content counter a route's kept answers are stamped with (http/kept-answers.ts);
 * the session cache reads it with the session counter.
 */
export type GenerationScope = 'content' | 'links';

/**
 * Every data counter and the reader's own (their likes, reads and tool list),
 * which kept answers are stamped with (http/kept-answers.ts).
 */
export type DataCounters = Record<GenerationScope, string> & {
  mine: string;
  /** The feed counter (migration 0038), which the feed kept in memory answers for. */
  feed: string;
};

/** The data counters read for one account, whose own counter `mine` is. */
export interface AccountCounters extends DataCounters {
  userId: number;
}

import { sql } from 'drizzle-orm';
import { plannedRows, type Executor } from '../db/client';
import { authUserOf, authUserQuery, type AuthUser, type AuthUserRow } from './auth-user.repo';
import type { IdlePolicy } from './session-activity';
import type { DataCounters } from './session-state';
import { hashTokenSecret } from './token-secret';
import {
  cookieTokensOf,
  cookieTokensQuery,
  hashedSecrets,
  type CookieTokenRow,
  type CookieTokens,
} from './token.repo';

/** What a session's first request on this instance reads about it, all of one moment. */
export interface CookieSessionReading {
  /** The session counter when the rest was read. */
  generation: string;
  /** As `findCookieTokens` answers them. */
  tokens: CookieTokens;
  /** The account of the active secret's token, as `loadAuthUser` answers it. */
  user: AuthUser | null;
  /** The data counters and that account's own, as kept answers read them. */
  counters: DataCounters;
}

interface CookieSessionRow {
  session: string | null;
  tokens: CookieTokenRow[] | null;
  account: AuthUserRow | null;
  content: string;
  links: string;
  feed: string;
  mine: string;
}

/**
 * The session counter, the cookie's tokens with their session's usable ones,
 * the account of the token of `activeSecret` and the request's data counters,
 * in one statement (planned once per connection: the secrets are one array
 * value). Three round trips and four statements for a first page before
 * (issue 31). One statement reads one snapshot, so the counter is never newer
 * than what was read with it: a change committed meanwhile leaves a session
 * kept under this counter already stale, as reading the counter first did.
 */
export async function readCookieSession(
  db: Executor,
  secrets: readonly string[],
  activeSecret: string,
  idle: IdlePolicy,
): Promise<CookieSessionReading> {
  const { bySecretHash, hashes } = hashedSecrets(secrets);
  const activeAccount = sql`(select user_id from tokens where token_hash = ${hashTokenSecret(activeSecret)})`;
  // A select without a table: exactly one row.
  const [row] = await plannedRows<CookieSessionRow>(
    db,
    sql`select
          (select value from cache_generations where scope = 'session')::text as session,
          (select json_agg(listed order by listed.issued, listed.id)
             from (${cookieTokensQuery(hashes)}) listed) as tokens,
          (select row_to_json(account) from (${authUserQuery(activeAccount)}) account) as account,
          (select value from cache_generations where scope = 'content')::text as content,
          (select value from cache_generations where scope = 'links')::text as links,
          (select value from cache_generations where scope = 'feed')::text as feed,
          coalesce((select value from user_generations where user_id = ${activeAccount}), 0)::text as mine`,
  );
  const { session, tokens, account, content, links, feed, mine } = row!;
  return {
    generation: session ?? '0',
    tokens: cookieTokensOf(bySecretHash, tokens ?? [], idle),
    user: account ? authUserOf(account) : null,
    counters: { content, links, feed, mine },
  };
}

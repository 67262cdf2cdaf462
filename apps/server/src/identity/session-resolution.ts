import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { loadAuthUser, type AuthUser } from './auth-user.repo';
import { readCookieSession } from './cookie-session.repo';
import type { IdlePolicy } from './session-activity';
import {
  parseSessionCookie,
  readSessionCookie,
  type CookieOptions,
  type SessionCookie,
} from './session-cookie';
import type { AccountCounters, SessionState } from './session-state';
import { looksLikeTokenSecret } from './token-secret';
import { findCookieTokens, findUsableTokens, type CookieTokens } from './token.repo';

export async function resolveSession(
  db: Database,
  request: FastifyRequest,
  cookieOptions: CookieOptions,
  idle: IdlePolicy = { idleMs: 0 },
): Promise<{ state: SessionState } | { failure: 'none' | 'invalid' }> {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer ([A-Za-z0-9_-]+)$/.exec(header);
    if (!match || !looksLikeTokenSecret(match[1]!)) return { failure: 'invalid' };
    const usable = await findUsableTokens(db, [match[1]!], idle);
    const token = usable.get(match[1]!);
    if (!token) return { failure: 'invalid' };
    const entry = { secret: match[1]!, token };
    return { state: { via: 'bearer', tokens: [entry], active: entry } };
  }

  const raw = readSessionCookie(request, cookieOptions);
  if (raw === undefined) return { failure: 'none' };
  const cookie: SessionCookie | null = parseSessionCookie(raw);
  if (!cookie) return { failure: 'invalid' };
  const state = await sessionOfCookie(db, cookie, idle);
  return state ? { state } : { failure: 'invalid' };
}

export type Resolution = { state: SessionState; user: AuthUser } | { failure: 'none' | 'invalid' };

/**
 * The session and its account, read from the database: what a request
 * resolves when no kept entry serves it. Nothing here touches the reply, so
 * requests with the same credential and counter may share one reading.
 */
export async function resolveWithUser(
  db: Database,
  request: FastifyRequest,
  cookieOptions: CookieOptions,
  idle: IdlePolicy,
): Promise<Resolution> {
  const resolved = await resolveSession(db, request, cookieOptions, idle);
  if ('failure' in resolved) return resolved;
  return withUsableAccount(
    resolved.state,
    await loadAuthUser(db, resolved.state.active.token.userId),
  );
}

/** The session with the account of its active token, unless that account may not act. */
function withUsableAccount(state: SessionState, user: AuthUser | null): Resolution {
  // Disabling revokes the tokens too; this holds even for one issued in the same instant.
  if (!user || user.disabled || user.id !== state.active.token.userId)
    return { failure: 'invalid' };
  return { state, user };
}

/** A secret listed twice makes the cookie invalid before anything is read. */
export function listsEachSecretOnce(cookie: SessionCookie) {
  return new Set(cookie.tokens).size === cookie.tokens.length;
}

async function sessionOfCookie(
  db: Database,
  cookie: SessionCookie,
  idle: IdlePolicy,
): Promise<SessionState | null> {
  if (!listsEachSecretOnce(cookie)) return null;
  return sessionFromCookie(cookie, await findCookieTokens(db, cookie.tokens, idle));
}

/**
 * The cookie only says which token secrets the browser holds (decision 0027).
 * Every one must be a token the portal issued, all of one session, and the
 * usable ones exactly that session's usable tokens in the order they were
 * issued: a secret added from elsewhere, one left out or the list reordered
 * makes the whole cookie invalid. Who acts through each token is read from
 * its row, never from where it stands in the cookie.
 */
function sessionFromCookie(
  cookie: SessionCookie,
  { bySecret: known, usableOf }: CookieTokens,
): SessionState | null {
  if (known.size !== cookie.tokens.length) return null;
  const sessionIds = new Set([...known.values()].map((token) => token.sessionId));
  if (sessionIds.size !== 1) return null;
  const expected = usableOf([...sessionIds][0]!);
  const usable = new Map(expected.map((token) => [token.id, token]));
  const tokens = cookie.tokens.flatMap((secret) => {
    const token = usable.get(known.get(secret)!.id);
    return token ? [{ secret, token }] : [];
  });
  if (
    tokens.length !== expected.length ||
    tokens.some((entry, index) => entry.token.id !== expected[index]!.id)
  )
    return null;
  const activeSecret = cookie.tokens[cookie.active]!;
  const active = tokens.find((entry) => entry.secret === activeSecret);
  if (!active) return null;
  return { via: 'cookie', tokens, active };
}

/** A cookie session resolved by its first request on this instance, and what was read with it. */
export interface FirstResolution {
  resolved: Resolution;
  /** The session counter read in the same statement. */
  generation: string;
  /** The request's data counters, for the session's account. */
  counters?: AccountCounters;
}

/**
 * Everything `resolveWithUser` checks for a cookie, the session counter and
 * the data counters, read in one statement (cookie-session.repo.ts).
 */
export async function resolveFirstRequest(
  db: Database,
  cookie: SessionCookie,
  idle: IdlePolicy,
): Promise<FirstResolution> {
  const reading = await readCookieSession(db, cookie.tokens, cookie.tokens[cookie.active]!, idle);
  const state = sessionFromCookie(cookie, reading.tokens);
  const resolved = state ? withUsableAccount(state, reading.user) : { failure: 'invalid' as const };
  return {
    resolved,
    generation: reading.generation,
    ...('failure' in resolved
      ? {}
      : { counters: { ...reading.counters, userId: resolved.user.id } }),
  };
}

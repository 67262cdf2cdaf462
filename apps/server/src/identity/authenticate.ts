import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import {
  clearSessionCookie,
  parseSessionCookie,
  readSessionCookie,
  writeSessionCookie,
  type CookieOptions,
  type SessionCookie,
} from './session-cookie';
import { findCookieTokens, findUsableTokens, revokeTokens, type TokenRow } from './token.repo';
import { mayGoOnMasking } from './masking.policy';
import { looksLikeTokenSecret } from './token-secret';
import { loadAuthUser, type AuthUser } from './auth-user.repo';
import { maskedByAdministrator } from './protected-identity';
import { errors } from '../http/errors';
import { assertSameOrigin } from '../http/same-origin';
import { createSessionActivity, type IdlePolicy } from './session-activity';
import { createSessionCache, type RouteStamp, type SessionMemo } from './session-cache';
import { createSingleFlight } from './single-flight';
import type { SessionState } from './session-state';

export interface AuthContext {
  user: AuthUser;
  token: TokenRow;
  session: SessionState;
  /** Values derived from this session, kept with it (http/session-cache.ts). */
  memo?: SessionMemo;
  /** The session counter this request was answered under. */
  generation?: string;
  /** The route's kept-answers counters, read with the session counter. */
  stamp?: RouteStamp;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** preHandler for routes that need a signed-in user. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** The signed-in context of a route that ran `authenticate`. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw errors.unauthenticated();
  return request.auth;
}

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

/**
 * The session and its account, read from the database: what a request
 * resolves when no kept entry serves it. Nothing here touches the reply, so
 * requests with the same credential and counter may share one reading.
 */
async function resolveWithUser(
  db: Database,
  request: FastifyRequest,
  cookieOptions: CookieOptions,
  idle: IdlePolicy,
): Promise<{ state: SessionState; user: AuthUser } | { failure: 'none' | 'invalid' }> {
  const resolved = await resolveSession(db, request, cookieOptions, idle);
  if ('failure' in resolved) return resolved;
  const user = await loadAuthUser(db, resolved.state.active.token.userId);
  // Disabling revokes the tokens too; this holds even for one issued in the same instant.
  if (!user || user.disabled) return { failure: 'invalid' };
  return { state: resolved.state, user };
}

/**
 * The cookie only says which token secrets the browser holds (decision 0027).
 * Every one must be a token the portal issued, all of one session, and the
 * usable ones exactly that session's usable tokens in the order they were
 * issued: a secret added from elsewhere, one left out or the list reordered
 * makes the whole cookie invalid. Who acts through each token is read from
 * its row, never from where it stands in the cookie.
 */
async function sessionOfCookie(
  db: Database,
  cookie: SessionCookie,
  idle: IdlePolicy,
): Promise<SessionState | null> {
  if (new Set(cookie.tokens).size !== cookie.tokens.length) return null;
  const { bySecret: known, usableOf } = await findCookieTokens(db, cookie.tokens, idle);
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

/**
 * A masked session lives only while the administrator behind it may still
 * mask: once the right or the admin role is gone, the masked tokens are
 * revoked and the session falls back to the administrator's own token.
 */
async function checkMaskingStillAllowed(
  db: Database,
  reply: FastifyReply,
  cookieOptions: CookieOptions,
  state: SessionState,
) {
  const admin = state.active.token.maskedBy
    ? await loadAuthUser(db, state.active.token.maskedBy)
    : null;
  if (mayGoOnMasking(admin)) return;
  const masked = state.tokens.filter((entry) => entry.token.masked);
  await revokeTokens(
    db,
    masked.map((entry) => entry.token.id),
  );
  const remaining = state.tokens.filter((entry) => !entry.token.masked);
  const last = remaining.at(-1);
  if (last && state.via === 'cookie') {
    writeSessionCookie(
      reply,
      { tokens: remaining.map((entry) => entry.secret), active: remaining.length - 1 },
      cookieOptions,
    );
  } else {
    clearSessionCookie(reply, cookieOptions);
  }
  throw errors.maskEnded();
}

export const authenticationPlugin = fp<{
  db: Database;
  cookieOptions: CookieOptions;
  idle?: IdlePolicy;
}>(
  async (app, { db, cookieOptions, idle = { idleMs: 0 } }) => {
    const sessions = createSessionCache(db);
    const activity = createSessionActivity(db, idle);
    // A page's first requests come together with one new session: its tokens and
    // account are read once for all of them (the start page's nine answers did it nine times).
    const resolving = createSingleFlight<Awaited<ReturnType<typeof resolveWithUser>>>();
    app.decorateRequest('auth', null);
    app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
      const credential = request.headers.authorization ?? readSessionCookie(request, cookieOptions);
      // A route with kept answers has its counters read in the same round trip,
      // for the account of the kept session (checked again where they are used).
      const scope = request.routeOptions.config.keptAnswers;
      const userId = scope && credential !== undefined ? sessions.userOf(credential) : undefined;
      // Read before resolving: a change committed meanwhile leaves the entry already stale.
      const counters =
        credential === undefined
          ? null
          : await sessions.generation(
              scope && userId !== undefined ? { scope, userId } : undefined,
            );
      const generation = counters?.session ?? null;
      let cached = generation === null ? undefined : sessions.get(credential!, generation);
      const now = Date.now();
      // Idle as far as this instance knows: the database may know a use on another instance.
      if (cached?.state.tokens.some((entry) => activity.seemsIdle(entry.token, now)))
        cached = undefined;
      if (cached) {
        if (cached.state.via === 'cookie') assertSameOrigin(request);
        request.auth = {
          user: cached.user,
          token: cached.state.active.token,
          session: cached.state,
          memo: cached.memo,
          generation: generation!,
          stamp: counters?.stamp,
        };
        await activity.touch(
          cached.state.tokens.map((entry) => entry.token),
          now,
        );
        return;
      }
      const resolved = await resolving.once(`${generation}\u0000${credential}`, () =>
        resolveWithUser(db, request, cookieOptions, idle),
      );
      if ('failure' in resolved) {
        if (resolved.failure === 'invalid') {
          // A forged, expired or revoked cookie is dropped so the client starts over at /login.
          clearSessionCookie(reply, cookieOptions);
          throw errors.sessionInvalid();
        }
        throw errors.unauthenticated();
      }
      const { state, user } = resolved;
      if (state.via === 'cookie') assertSameOrigin(request);
      if (state.active.token.masked) {
        await checkMaskingStillAllowed(db, reply, cookieOptions, state);
        if (state.active.token.maskedBy !== null)
          maskedByAdministrator(user, state.active.token.maskedBy);
      }
      // Requests that resolved together share the entry the first of them kept.
      const memo =
        sessions.get(credential!, generation!)?.memo ??
        sessions.set(credential!, generation!, { state, user });
      await activity.touch(
        state.tokens.map((entry) => entry.token),
        now,
      );
      request.auth = {
        user,
        token: state.active.token,
        session: state,
        memo,
        generation: generation!,
        stamp: counters?.stamp,
      };
    });
  },
  { name: 'authentication' },
);

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
import { revokeTokens, type TokenRow } from './token.repo';
import { mayGoOnMasking } from './masking.policy';
import { loadAuthUser, type AuthUser } from './auth-user.repo';
import { maskedByAdministrator } from './protected-identity';
import { errors } from '../http/errors';
import { assertSameOrigin } from '../http/same-origin';
import { createSessionActivity, type IdlePolicy } from './session-activity';
import { createSessionCache, type RouteStamp, type SessionMemo } from './session-cache';
import { createSingleFlight } from './single-flight';
import type { AccountCounters, SessionState } from './session-state';
import {
  listsEachSecretOnce,
  resolveFirstRequest,
  resolveWithUser,
  type FirstResolution,
  type Resolution,
} from './session-resolution';

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
  /** Every data counter and the account's own, read with a session's first request. */
  counters?: AccountCounters;
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
    // Keyed by the counter read before, or by the credential alone where the counter is read with them.
    const resolving = createSingleFlight<Resolution>();
    const resolvingFirst = createSingleFlight<FirstResolution>();

    /**
     * A cookie session this instance keeps nothing of, resolved once for the
     * requests that come together. A request that finds a reading under way
     * may have come after a change that reading did not see: it takes the
     * reading only if the session counter it reads itself is still the one
     * read with it (nothing changed in between), and reads its own data counters.
     */
    const resolveFirst = async (credential: string, cookie: SessionCookie) => {
      let started = false;
      const shared = resolvingFirst.once(credential, () => {
        started = true;
        return resolveFirstRequest(db, cookie, idle);
      });
      if (started) return shared;
      const [reading, current] = await Promise.all([shared, sessions.generation()]);
      if (reading.generation === current.session)
        return { resolved: reading.resolved, generation: reading.generation };
      return resolveFirstRequest(db, cookie, idle);
    };

    /** Admits a resolved request: keeps its session, notes its use and sets `request.auth`. */
    const admit = async (
      request: FastifyRequest,
      reply: FastifyReply,
      credential: string | undefined,
      resolved: Resolution,
      generation: string | null,
      now: number,
      counters: Pick<AuthContext, 'stamp' | 'counters'>,
    ) => {
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
        ...counters,
      };
    };

    app.decorateRequest('auth', null);
    app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
      const bearer = request.headers.authorization;
      const credential = bearer ?? readSessionCookie(request, cookieOptions);
      if (
        bearer === undefined &&
        credential !== undefined &&
        sessions.userOf(credential) === undefined
      ) {
        // Nothing kept for a counter to prove current: the session, the counter and the
        // request's data counters come in one statement, of one snapshot, so a change
        // committed meanwhile still leaves what is kept stale (a first page: one round trip).
        const cookie = parseSessionCookie(credential);
        if (!cookie || !listsEachSecretOnce(cookie))
          return admit(request, reply, credential, { failure: 'invalid' }, null, Date.now(), {});
        const { resolved, generation, counters } = await resolveFirst(credential, cookie);
        return admit(request, reply, credential, resolved, generation, Date.now(), { counters });
      }
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
      await admit(request, reply, credential, resolved, generation, now, {
        stamp: counters?.stamp,
      });
    });
  },
  { name: 'authentication' },
);

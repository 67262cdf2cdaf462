import { requestMeta } from '../../http/request-meta';
import { errorBody, loginRequest, loginResponse, sessionResponse, z } from '@skolportalen/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf, resolveSession } from '../../http/authenticate';
import { errors } from '../../http/errors';
import { safeRedirectPath } from '../../http/safe-redirect';
import { assertSameOrigin } from '../../http/same-origin';
import type { RouteDeps } from '../../http/route-deps';
import { recordAudit } from '../audit/audit.repo';
import { idpLogoutUrl } from '../saml/saml-logout';
import { clearSessionCookie, writeSessionCookie } from './session-cookie';
import {
  cookieFromSession,
  presentSession,
  presentToken,
  signIn,
  signOut,
} from './session.service';
import { revokeTokens } from './token.repo';

const errorResponses = { 400: errorBody, 401: errorBody, 403: errorBody, 429: errorBody };

/** `/api/core/v1`: password sign-in and the session's own tokens. */
export async function coreAuthRoutes(
  app: FastifyInstance,
  { db, config, cookieOptions }: RouteDeps,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/user/login',
    {
      schema: {
        tags: ['user'],
        summary: 'Logga in med användarnamn och lösenord',
        body: loginRequest,
        response: { 200: loginResponse, ...errorResponses },
      },
      config: {
        rateLimit: {
          max: config.loginRateLimit.max,
          timeWindow: config.loginRateLimit.windowMs,
          // Per address and account: one person cannot lock out a whole school behind one NAT.
          keyGenerator: (request) => {
            const body = request.body as { username?: unknown } | undefined;
            const username = typeof body?.username === 'string' ? body.username.toLowerCase() : '';
            return `${request.ip}|${username.slice(0, 100)}`;
          },
        },
      },
    },
    async (request, reply) => {
      assertSameOrigin(request);
      const previous = await resolveSession(db, request);
      const { token, secret } = await signIn(db, request.body, requestMeta(request));
      if ('state' in previous)
        await revokeTokens(
          db,
          previous.state.tokens.map((entry) => entry.token.id),
        );
      writeSessionCookie(reply, { tokens: [secret], active: 0 }, cookieOptions);
      return { token: presentToken(token), session: await presentSession(db, [token], token.id) };
    },
  );

  r.delete(
    '/token/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['token'],
        summary: 'Ta bort en inloggning ur sessionen (t.ex. vid unmask)',
        params: z.strictObject({ id: z.uuid() }),
        response: { 200: sessionResponse, ...errorResponses, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { session, user } = authOf(request);
      const target = session.tokens.find((entry) => entry.token.id === request.params.id);
      if (!target) throw errors.notFound();
      const remaining = session.tokens.filter((entry) => entry !== target);
      // Spec §4: removing tokens reactivates the last remaining one.
      const nextActive = target === session.active ? remaining.at(-1) : session.active;
      await db.transaction(async (tx) => {
        await revokeTokens(tx, [target.token.id]);
        await recordAudit(tx, {
          actorUserId: user.id,
          realUserId: session.active.token.maskedBy,
          action: 'session.token-removed',
          entityType: 'token',
          entityId: target.token.id,
          ...requestMeta(request),
        });
      });
      if (!nextActive) {
        clearSessionCookie(reply, cookieOptions);
        return { tokens: [], activeTokenId: '', masked: false };
      }
      if (session.via === 'cookie') {
        writeSessionCookie(reply, cookieFromSession(remaining, nextActive.token.id), cookieOptions);
      }
      return presentSession(
        db,
        remaining.map((entry) => entry.token),
        nextActive.token.id,
      );
    },
  );
}

const logoutForm = z.object({ redirectUrl: z.string().max(2000).optional() });

/** `/api/portal-service/v1`: the session as a whole. */
export async function portalSessionRoutes(
  app: FastifyInstance,
  { db, cookieOptions, saml }: RouteDeps,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/saml/logout',
    {
      schema: {
        tags: ['saml'],
        summary: 'Logga ut (formulär med dolt fält redirectUrl)',
        body: logoutForm.optional(),
        response: { 400: errorBody, 403: errorBody },
      },
    },
    async (request, reply) => {
      assertSameOrigin(request);
      const resolved = await resolveSession(db, request);
      const session = 'state' in resolved ? resolved.state : null;
      await signOut(db, session, requestMeta(request));
      clearSessionCookie(reply, cookieOptions);
      const target = safeRedirectPath(request.body?.redirectUrl, request.host, '/login');
      // A single sign-on session ends at the identity provider too, which then returns to target.
      const atIdp =
        saml && session
          ? await idpLogoutUrl(
              db,
              saml,
              session.tokens.map((entry) => entry.token.id),
              target,
            )
          : null;
      return reply.redirect(atIdp ?? target, 303);
    },
  );

  r.get(
    '/saml/token',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['saml'],
        summary: 'Sessionens inloggningar (utan hemligheter)',
        response: { 200: sessionResponse, 401: errorBody },
      },
    },
    async (request) => {
      const { session } = authOf(request);
      return presentSession(
        db,
        session.tokens.map((entry) => entry.token),
        session.active.token.id,
      );
    },
  );
}

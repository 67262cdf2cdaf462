import { requestMeta } from '../../http/request-meta';
import { errorBody, sv, z } from '@skolportalen/shared';
import { passwordSignInEndpoints, sessionEndpoints } from '@skolportalen/shared/endpoints/sign-in';
import {
  passwordSignInSchemas,
  sessionSchemas,
} from '@skolportalen/shared/endpoints/sign-in.schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errors } from '../../http/errors';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../identity/authenticate';
import { resolveSession } from '../../identity/session-resolution';
import { safeRedirectPath } from '../../http/safe-redirect';
import { sameOriginOnly } from '../../http/same-origin';
import type { RouteDeps } from '../../http/route-deps';
import { idpLogoutUrl } from '../saml/saml-logout';
import { oidcLogoutUrl } from '../oidc/oidc-sign-in.service';
import { clearSessionCookie, writeSessionCookie } from '../../identity/session-cookie';
import { presentSession, presentToken, signIn, signOut } from './session.service';
import { revokeTokens } from '../../identity/token.repo';
import { countSignIn } from '../../metrics/metrics';
import { registerEndpoints } from '../../http/endpoint-routes';

/** `/api/core/v1`: password sign-in. */
export async function coreAuthRoutes(
  app: FastifyInstance,
  { db, config, cookieOptions }: RouteDeps,
) {
  const limits = config.loginRateLimit;
  const usernameOf = (request: FastifyRequest) => {
    const body = request.body as { username?: unknown } | undefined;
    return typeof body?.username === 'string' ? body.username.toLowerCase().slice(0, 100) : '';
  };
  // Beside the limit per address and account (route config below): one account guessed at
  // from many addresses, and one address guessing at many accounts.
  const perAccount = app.createRateLimit({
    max: limits.accountMax,
    timeWindow: limits.windowMs,
    keyGenerator: (request) => `login-account|${usernameOf(request)}`,
  });
  const perAddress = app.createRateLimit({
    max: limits.addressMax,
    timeWindow: limits.windowMs,
    keyGenerator: (request) => `login-address|${request.ip}`,
  });
  const limitSignIns = async (request: FastifyRequest, reply: FastifyReply) => {
    for (const limiter of [perAddress, perAccount]) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        countSignIn('password', 'refused');
        reply.header('retry-after', String(result.ttlInSeconds));
        throw errors.rateLimited();
      }
    }
  };

  // With passwords off, SSO is the only way in and the identity provider's MFA applies to everyone.
  const passwordsAccepted = async () => {
    if (!config.passwordSignIn)
      throw new AppError(403, 'PASSWORD_SIGN_IN_OFF', sv.login.passwordSignInOff);
  };

  registerEndpoints(app, passwordSignInEndpoints, passwordSignInSchemas, {
    login: {
      config: {
        rateLimit: {
          max: config.loginRateLimit.max,
          timeWindow: config.loginRateLimit.windowMs,
          // Per address and account: one person cannot lock out a whole school behind one NAT.
          keyGenerator: (request) => `${request.ip}|${usernameOf(request)}`,
        },
      },
      onRequest: [sameOriginOnly, passwordsAccepted],
      preHandler: [limitSignIns],
      handler: async (request, reply) => {
        const previous = await resolveSession(db, request, cookieOptions);
        const { token, secret } = await signIn(db, request.body, requestMeta(request));
        if ('state' in previous)
          await revokeTokens(
            db,
            previous.state.tokens.map((entry) => entry.token.id),
          );
        writeSessionCookie(reply, { tokens: [secret], active: 0 }, cookieOptions);
        return { token: presentToken(token), session: await presentSession(db, [token], token.id) };
      },
    },
  });
}

const logoutForm = z.object({
  // A browser posts this form: an overlong way back is dropped (safeRedirectPath), not refused.
  redirectUrl: z.string().optional(),
});

/** `/api/portal-service/v1`: the session as a whole, signing out, and the ways in. */
export async function portalSessionRoutes(
  app: FastifyInstance,
  { db, config, cookieOptions, saml, oidc }: RouteDeps,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/saml/logout',
    {
      onRequest: [sameOriginOnly],
      // The sign-out button is a plain HTML form (spec §7).
      config: { formBody: true },
      schema: {
        tags: ['saml'],
        summary: 'Logga ut (formulär med dolt fält redirectUrl)',
        // An API client may post nothing at all.
        body: logoutForm.nullish(),
        response: { 400: errorBody, 403: errorBody },
      },
    },
    async (request, reply) => {
      const resolved = await resolveSession(db, request, cookieOptions);
      const session = 'state' in resolved ? resolved.state : null;
      await signOut(db, session, requestMeta(request));
      clearSessionCookie(reply, cookieOptions);
      const target = safeRedirectPath(request.body?.redirectUrl, request.host, '/login');
      // A single sign-on session ends at the identity provider too, which then returns to target.
      const tokenIds = session ? session.tokens.map((entry) => entry.token.id) : [];
      const atIdp =
        (saml ? await idpLogoutUrl(db, saml, tokenIds, target) : null) ??
        (await oidcLogoutUrl(db, oidc, tokenIds));
      return reply.redirect(atIdp ?? target, 303);
    },
  );

  registerEndpoints(app, sessionEndpoints, sessionSchemas, {
    session: {
      onRequest: [app.authenticate],
      firstScreen: true,
      read: async (request) => {
        const { session, user } = authOf(request);
        return {
          answer: await presentSession(
            db,
            session.tokens.map((entry) => entry.token),
            session.active.token.id,
            user,
          ),
        };
      },
    },
    signInOptions: async () => ({
      enabled: saml !== null,
      label: config.saml?.label ?? sv.sso.button,
      providers: config.oidc.map(({ key, label }) => ({ key, label })),
      passwordSignIn: config.passwordSignIn,
    }),
  });
}

import { errorBody, sv, z } from '@skolportalen/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errors } from '../../http/errors';
import { requestMeta } from '../../http/request-meta';
import type { RouteDeps } from '../../http/route-deps';
import { safeRedirectPath } from '../../http/safe-redirect';
import { sameOriginOnly } from '../../http/same-origin';
import { writeChooseRoleCookie, writeSessionCookie } from '../../identity/session-cookie';
import { countSignIn } from '../../metrics/metrics';
import { likelyCause, SsoError } from '../saml/saml-login.service';
import { finishOidcSignIn, oidcBackChannelLogout, startOidcSignIn } from './oidc-sign-in.service';

const providerParams = z.object({ provider: z.string().max(40) });
const loginForm = z.object({
  // An overlong way back is dropped (safeRedirectPath), not refused: the browser posts this form.
  redirect: z.string().optional(),
});
const callbackQuery = z
  .object({
    code: z.string().max(4000).optional(),
    state: z.string().max(500).optional(),
    error: z.string().max(200).optional(),
    error_description: z.string().max(2000).optional(),
  })
  .passthrough();
const backChannelForm = z.object({ logout_token: z.string().min(1).max(16_000) });

/**
 * `/api/portal-service/v1/oidc/{provider}/…`: sign-in with an OpenID Connect
 * provider (Authorization Code with PKCE), and the provider's back-channel
 * logout. Signing out at the provider happens from the portal's own logout.
 */
export async function oidcRoutes(
  app: FastifyInstance,
  { db, config, cookieOptions, oidc }: RouteDeps,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const providerNamed = (key: string) => {
    const provider = oidc.get(key);
    if (!provider) throw errors.notFound(sv.sso.providerUnknown);
    return provider;
  };
  // The address the provider sends the browser back to, as the provider saw it.
  const publicOrigin = new URL(config.siteOrigin);

  r.post(
    '/oidc/:provider/login',
    {
      onRequest: [sameOriginOnly],
      config: { formBody: true },
      schema: {
        tags: ['oidc'],
        summary: 'Starta inloggning hos en OpenID Connect-leverantör',
        params: providerParams,
        body: loginForm.nullish(),
        response: { 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const provider = providerNamed(request.params.provider);
      const returnTo = safeRedirectPath(request.body?.redirect, request.host, '/');
      try {
        return reply.redirect(await startOidcSignIn(db, provider, returnTo), 303);
      } catch (error) {
        request.log.warn(
          { err: error, provider: provider.settings.key, issuer: provider.settings.issuer },
          'OpenID Connect provider could not be reached (discovery failed)',
        );
        return reply.redirect('/login?ssoError=unavailable', 303);
      }
    },
  );

  r.get(
    '/oidc/:provider/callback',
    {
      schema: {
        tags: ['oidc'],
        summary: 'Ta emot leverantörens svar (redirect_uri)',
        params: providerParams,
        querystring: callbackQuery,
        response: { 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const provider = providerNamed(request.params.provider);
      if (request.query.error) {
        request.log.info(
          { provider: provider.settings.key, error: request.query.error },
          'OpenID Connect sign-in ended at the provider',
        );
        const reason =
          request.query.error === 'access_denied' || request.query.error === 'login_required'
            ? 'cancelled'
            : 'invalid';
        return reply.redirect(`/login?ssoError=${reason}`, 303);
      }
      const callbackUrl = new URL(request.url, publicOrigin);
      try {
        const { token, secret, returnTo } = await finishOidcSignIn(
          db,
          provider,
          callbackUrl,
          requestMeta(request),
        );
        writeSessionCookie(reply, { tokens: [secret], active: 0 }, cookieOptions);
        writeChooseRoleCookie(reply, cookieOptions);
        countSignIn('oidc', 'success');
        request.log.info(
          { tokenId: token.id, provider: provider.settings.key },
          'signed in with OpenID Connect',
        );
        return reply.redirect(returnTo, 303);
      } catch (error) {
        if (!(error instanceof SsoError)) throw error;
        countSignIn('oidc', 'refused');
        request.log.warn(
          {
            provider: provider.settings.key,
            reason: error.reason,
            detail: error.message,
            cause: likelyCause(error),
          },
          'OpenID Connect sign-in refused',
        );
        return reply.redirect(`/login?ssoError=${error.reason}`, 303);
      }
    },
  );

  r.post(
    '/oidc/:provider/backchannel-logout',
    {
      // The provider posts here from its own server: no browser, no same-origin check.
      config: { formBody: true },
      schema: {
        tags: ['oidc'],
        summary: 'Leverantörens utloggning i bakgrunden (Back-Channel Logout)',
        params: providerParams,
        body: backChannelForm,
        response: { 200: z.null(), 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const provider = providerNamed(request.params.provider);
      reply.header('cache-control', 'no-store');
      try {
        const ended = await oidcBackChannelLogout(
          db,
          provider,
          request.body.logout_token,
          requestMeta(request),
        );
        request.log.info(
          { ended, provider: provider.settings.key },
          'OpenID Connect: the provider ended a session',
        );
        return reply.code(200).send(null);
      } catch (error) {
        if (!(error instanceof SsoError)) throw error;
        request.log.warn(
          { provider: provider.settings.key, reason: error.reason, detail: error.message },
          'OpenID Connect logout token refused',
        );
        throw errors.badRequest('OIDC_LOGOUT_REFUSED', sv.sso.logoutRefused);
      }
    },
  );
}

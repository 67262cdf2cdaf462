import { requestMeta } from '../../http/request-meta';
import { errorBody, sv, z } from '@skolportalen/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errors } from '../../http/errors';
import type { RouteDeps } from '../../http/route-deps';
import { safeRedirectPath } from '../../http/safe-redirect';
import { sameOriginOnly } from '../../http/same-origin';
import { writeChooseRoleCookie, writeSessionCookie } from '../../identity/session-cookie';
import { likelyCause, signInWithSaml, SsoError } from './saml-login.service';
import { serviceProviderMetadata } from './sp-metadata';

const samlConfigResponse = z.object({
  enabled: z.boolean(),
  label: z.string(),
  /** Whether the login page offers the password form (PASSWORD_SIGN_IN). */
  passwordSignIn: z.boolean(),
});
const loginForm = z.object({ redirect: z.string().max(2000).optional() });
const acsForm = z.object({
  SAMLResponse: z.string().min(1).max(400_000),
  RelayState: z.string().max(2000).optional(),
});

/** `/api/portal-service/v1/saml/*`: single sign-on with the municipality's SAML identity provider. */
export async function samlRoutes(
  app: FastifyInstance,
  { db, config, cookieOptions, saml }: RouteDeps,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const requireSaml = () => {
    if (!saml || !config.saml) throw errors.notFound(sv.sso.notConfigured);
    return { client: saml, samlConfig: config.saml };
  };

  r.get(
    '/saml/config',
    {
      schema: {
        tags: ['saml'],
        summary: 'Om inloggning med SSO och med lösenord är aktiverade',
        response: { 200: samlConfigResponse },
      },
    },
    async () => ({
      enabled: saml !== null,
      label: config.saml?.label ?? sv.sso.button,
      passwordSignIn: config.passwordSignIn,
    }),
  );

  r.post(
    '/saml/login',
    {
      onRequest: [sameOriginOnly],
      config: { formBody: true },
      schema: {
        tags: ['saml'],
        summary: 'Starta inloggning hos identitetsleverantören',
        body: loginForm.nullish(),
        response: { 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { client } = requireSaml();
      const relayState = safeRedirectPath(request.body?.redirect, request.host, '/');
      const url = await client.getAuthorizeUrlAsync(relayState, request.host, {});
      return reply.redirect(url, 303);
    },
  );

  r.post(
    '/saml/acs',
    {
      // The identity provider posts here from its own origin: no same-origin check.
      bodyLimit: 512 * 1024,
      config: { formBody: true },
      schema: {
        tags: ['saml'],
        summary: 'Ta emot identitetsleverantörens svar (assertion consumer service)',
        body: acsForm,
        response: { 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { client, samlConfig } = requireSaml();
      try {
        const { token, secret } = await signInWithSaml(
          db,
          client,
          samlConfig,
          request.body.SAMLResponse,
          requestMeta(request),
        );
        writeSessionCookie(reply, { tokens: [secret], active: 0 }, cookieOptions);
        writeChooseRoleCookie(reply, cookieOptions);
        request.log.info({ tokenId: token.id }, 'signed in with SAML');
        return reply.redirect(safeRedirectPath(request.body.RelayState, request.host, '/'), 303);
      } catch (error) {
        if (!(error instanceof SsoError)) throw error;
        request.log.warn(
          { reason: error.reason, detail: error.message, cause: likelyCause(error) },
          'SAML response refused',
        );
        return reply.redirect(`/login?ssoError=${error.reason}`, 303);
      }
    },
  );

  r.get(
    '/saml/metadata',
    { schema: { tags: ['saml'], summary: 'Tjänsteleverantörens metadata' } },
    async (_request, reply) => {
      const { client, samlConfig } = requireSaml();
      return reply
        .type('application/samlmetadata+xml; charset=utf-8')
        .send(serviceProviderMetadata(samlConfig, client.options.publicCert!));
    },
  );
}

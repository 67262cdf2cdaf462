import { inflateRawSync } from 'node:zlib';
import { requestMeta } from '../../http/request-meta';
import { errorBody, sv, z } from '@skolportalen/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errors } from '../../http/errors';
import type { RouteDeps } from '../../http/route-deps';
import { safeRedirectPath } from '../../http/safe-redirect';
import { sameOriginOnly } from '../../http/same-origin';
import {
  clearSessionCookie,
  writeChooseRoleCookie,
  writeSessionCookie,
} from '../../identity/session-cookie';
import { countSignIn } from '../../metrics/metrics';
import { likelyCause, signInWithSaml, SsoError } from './saml-login.service';
import { endSsoSessions, logoutRequestExpiry, LogoutRequestRefused } from './saml-logout';
import { serviceProviderMetadata } from './sp-metadata';

const loginForm = z.object({
  // An overlong way back is dropped (safeRedirectPath), not refused: the browser posts this form.
  redirect: z.string().optional(),
});
const acsForm = z.object({
  SAMLResponse: z.string().min(1).max(400_000),
  // The way back: one too long is dropped (safeRedirectPath), as on the way out.
  RelayState: z.string().optional(),
});

/** What the IdP sends to the single logout service, by either binding. */
const logoutMessage = z.object({
  SAMLRequest: z.string().min(1).max(100_000).optional(),
  SAMLResponse: z.string().min(1).max(100_000).optional(),
  RelayState: z.string().optional(),
  SigAlg: z.string().max(200).optional(),
  Signature: z.string().max(4000).optional(),
});
type LogoutMessage = z.infer<typeof logoutMessage>;

/** Far more than any LogoutRequest: a deflated message is refused before it can grow past this. */
const maxLogoutRequestBytes = 64 * 1024;

/** The LogoutRequest's XML as the binding carries it, or null when it is no such message. */
function logoutRequestXml(samlRequest: string, binding: 'redirect' | 'post'): string | null {
  const bytes = Buffer.from(samlRequest, 'base64');
  if (binding === 'post') return bytes.toString('utf8');
  try {
    return inflateRawSync(bytes, { maxOutputLength: maxLogoutRequestBytes }).toString('utf8');
  } catch {
    return null;
  }
}

const strongSignatureAlgorithms = new Set([
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha512',
]);

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
        countSignIn('saml', 'success');
        request.log.info({ tokenId: token.id }, 'signed in with SAML');
        return reply.redirect(safeRedirectPath(request.body.RelayState, request.host, '/'), 303);
      } catch (error) {
        if (!(error instanceof SsoError)) throw error;
        countSignIn('saml', 'refused');
        request.log.warn(
          { reason: error.reason, detail: error.message, cause: likelyCause(error) },
          'SAML response refused',
        );
        return reply.redirect(`/login?ssoError=${error.reason}`, 303);
      }
    },
  );

  const logoutRefused = () => errors.badRequest('SAML_LOGOUT_REFUSED', sv.sso.logoutRefused);

  /**
   * Single logout. A LogoutResponse answers the portal's own logout: the
   * portal session is already gone, so the browser goes on to the login page
   * (or RelayState) whatever it says. A LogoutRequest is the IdP ending its
   * session: it must be signed, fresh and not seen before, every portal token
   * of that SSO session ends, and the IdP gets a signed LogoutResponse.
   */
  const singleLogout = async (
    request: FastifyRequest,
    reply: FastifyReply,
    message: LogoutMessage,
    binding: 'redirect' | 'post',
  ) => {
    const { client, samlConfig } = requireSaml();
    const rawQuery = (request.raw.url ?? '').split('?')[1] ?? '';
    if (message.SAMLResponse) {
      try {
        if (binding === 'redirect') await client.validateRedirectAsync(message, rawQuery);
        else await client.validatePostResponseAsync({ SAMLResponse: message.SAMLResponse });
      } catch (error) {
        request.log.warn(
          { err: error },
          'SAML LogoutResponse not accepted; the portal session had ended',
        );
      }
      return reply.redirect(safeRedirectPath(message.RelayState, request.host, '/login'), 303);
    }
    if (!message.SAMLRequest) throw logoutRefused();
    if (
      binding === 'redirect' &&
      (!message.Signature || !strongSignatureAlgorithms.has(message.SigAlg ?? ''))
    ) {
      request.log.warn(
        { sigAlg: message.SigAlg ?? null },
        'SAML LogoutRequest without a SHA-2 signature refused',
      );
      throw logoutRefused();
    }
    const xml = logoutRequestXml(message.SAMLRequest, binding);
    if (xml === null) {
      request.log.warn('SAML LogoutRequest refused: not deflated, or too large');
      throw logoutRefused();
    }
    let profile;
    let ended;
    try {
      ({ profile } =
        binding === 'redirect'
          ? await client.validateRedirectAsync(message, rawQuery)
          : await client.validatePostRequestAsync({ SAMLRequest: message.SAMLRequest }));
      if (!profile?.nameID || !profile.ID) throw new LogoutRequestRefused('no NameID or ID');
      ended = await endSsoSessions(
        db,
        {
          id: profile.ID,
          nameId: profile.nameID,
          sessionIndex: profile.sessionIndex ?? null,
          expiresAt: logoutRequestExpiry(xml, samlConfig.clockSkewMs),
        },
        requestMeta(request),
      );
    } catch (error) {
      // A database failure is the portal's, not a refusal.
      if (profile && !(error instanceof LogoutRequestRefused)) throw error;
      request.log.warn({ err: error }, 'SAML LogoutRequest refused');
      throw logoutRefused();
    }
    request.log.info({ ended }, 'SAML: the IdP ended a single sign-on session');
    clearSessionCookie(reply, cookieOptions);
    const answer = await client.getLogoutResponseUrlAsync(
      profile,
      message.RelayState ?? '',
      {},
      true,
    );
    return reply.redirect(answer, 303);
  };

  r.get(
    '/saml/slo',
    {
      schema: {
        tags: ['saml'],
        summary: 'Enkel utloggning från identitetsleverantören (HTTP-Redirect)',
        querystring: logoutMessage,
        response: { 400: errorBody, 404: errorBody },
      },
    },
    (request, reply) => singleLogout(request, reply, request.query, 'redirect'),
  );

  r.post(
    '/saml/slo',
    {
      // The identity provider posts here from its own origin: no same-origin check.
      bodyLimit: 256 * 1024,
      config: { formBody: true },
      schema: {
        tags: ['saml'],
        summary: 'Enkel utloggning från identitetsleverantören (HTTP-POST)',
        body: logoutMessage,
        response: { 400: errorBody, 404: errorBody },
      },
    },
    (request, reply) => singleLogout(request, reply, request.body, 'post'),
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

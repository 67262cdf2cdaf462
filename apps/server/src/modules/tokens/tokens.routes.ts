import { requestMeta } from '../../http/request-meta';
import {
  createTokenRequest,
  createTokenResponse,
  errorBody,
  sessionResponse,
  tokenListItem,
  tokenListQuery,
  tokenSortColumns,
  z,
} from '@skolportalen/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../identity/authenticate';
import { authorize, can } from '../../identity/authorize';
import { errors } from '../../http/errors';
import { sortOrThrow } from '../../http/list-sort';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { assertActingAsSelf } from '../../identity/session-policy';
import { clearSessionCookie, writeSessionCookie } from '../../identity/session-cookie';
import { cookieFromSession, presentSession, presentToken } from '../auth/session.service';
import { startMasking } from '../masking/masking.service';
import { listTokens, superadminIds } from './tokens.repo';
import { issueApiToken, presentTokenListItem, revokeAnyToken } from './tokens.service';
import { removeSessionToken } from './session-token.service';
import { tokensPolicy } from './tokens.policy';

const answers = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** `/api/core/v1/token`: sign-ins — list, issue (masked or api) and revoke (spec §7 "token"). */
export async function tokenRoutes(app: FastifyInstance, { db, cookieOptions }: RouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/token',
    {
      config: { requires: tokensPolicy.list },
      schema: {
        tags: ['token'],
        summary: 'Inloggningar, filtrerade på användare, typ och status',
        querystring: tokenListQuery,
        response: { 200: z.array(tokenListItem), 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request, reply) => {
      const { user } = authOf(request);
      const sort = sortOrThrow(request.query.sort, tokenSortColumns, [
        { column: 'issued', direction: 'DESC' },
      ]);
      const { rows, total } = await listTokens(db, request.query, sort);
      const superadmins = await superadminIds(db, [...new Set(rows.map((row) => row.user.id))]);
      reply.headers(paginationTotal(total));
      return rows.map((row) => presentTokenListItem(user, row, superadmins.has(row.user.id)));
    },
  );

  r.post(
    '/token',
    {
      schema: {
        tags: ['token'],
        summary:
          'Utfärda en inloggning: masked låter en administratör agera som en användare, api ger en integration en nyckel (visas en gång)',
        body: createTokenRequest,
        response: { 200: createTokenResponse, ...answers },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const body = request.body;
      if (body.type === 'api') {
        authorize(auth.user, tokensPolicy.issueApiToken);
        await assertActingAsSelf(db, auth);
        return issueApiToken(db, auth, request.id, body);
      }
      const { entries, active } = await startMasking(db, auth, body.userId, requestMeta(request));
      writeSessionCookie(reply, cookieFromSession(entries, active.token.id), cookieOptions);
      return {
        token: presentToken(active.token),
        session: await presentSession(
          db,
          entries.map((entry) => entry.token),
          active.token.id,
        ),
      };
    },
  );

  r.delete(
    '/token/:id',
    {
      schema: {
        tags: ['token'],
        summary:
          'Ta bort en inloggning: ur den egna sessionen (t.ex. vid unmask), eller återkalla någon annans (administratör)',
        params: z.strictObject({ id: z.uuid() }),
        response: { 200: sessionResponse, ...answers },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const own = auth.session.tokens.some((entry) => entry.token.id === request.params.id);
      if (own) {
        const { remaining, nextActive } = await removeSessionToken(
          db,
          auth,
          request.params.id,
          request.id,
        );
        if (!nextActive) {
          clearSessionCookie(reply, cookieOptions);
          return { tokens: [], activeTokenId: '', masked: false };
        }
        if (auth.session.via === 'cookie') {
          writeSessionCookie(
            reply,
            cookieFromSession(remaining, nextActive.token.id),
            cookieOptions,
          );
        }
        return presentSession(
          db,
          remaining.map((entry) => entry.token),
          nextActive.token.id,
        );
      }
      // Someone else's token: administrators only; to anyone else it does not exist.
      if (!can(auth.user, tokensPolicy.revokeOthers)) throw errors.notFound();
      await assertActingAsSelf(db, auth);
      await revokeAnyToken(db, auth, request.id, request.params.id);
      return presentSession(
        db,
        auth.session.tokens.map((entry) => entry.token),
        auth.session.active.token.id,
      );
    },
  );
}

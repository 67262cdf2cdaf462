import { requestMeta } from '../../http/request-meta';
import { errorBody, idParams, loginResponse, relatedAccount, z } from '@skolportalen/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../identity/authenticate';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { writeSessionCookie } from '../../identity/session-cookie';
import { cookieFromSession, presentSession, presentToken } from '../auth/session.service';
import { listRelatedAccounts, switchToRelatedAccount } from './related-accounts.service';

/** `/api/portal-service/v1/user/related`: the person's other accounts and children. */
export async function relatedRoutes(app: FastifyInstance, { db, cookieOptions }: RouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/user/related',
    {
      schema: {
        tags: ['user'],
        summary: 'Relaterade konton (egna konton och barn)',
        response: { 200: z.array(relatedAccount), 401: errorBody },
      },
    },
    async (request, reply) => {
      const accounts = await listRelatedAccounts(db, authOf(request).session);
      reply.headers(paginationTotal(accounts.length));
      return accounts;
    },
  );

  r.post(
    '/user/related/:id/token',
    {
      schema: {
        tags: ['user'],
        summary: 'Byt till ett relaterat konto (rollbyte)',
        params: idParams,
        response: { 200: loginResponse, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request, reply) => {
      const { session } = authOf(request);
      const { entries, active } = await switchToRelatedAccount(
        db,
        session,
        request.params.id,
        requestMeta(request),
      );
      if (session.via === 'cookie') {
        writeSessionCookie(reply, cookieFromSession(entries, active.token.id), cookieOptions);
      }
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
}

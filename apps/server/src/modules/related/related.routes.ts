import { requestMeta } from '../../http/request-meta';
import { relatedEndpoints } from '@skolportalen/shared/endpoints/related';
import { relatedSchemas } from '@skolportalen/shared/endpoints/related.schemas';
import type { FastifyInstance } from 'fastify';
import { registerEndpoints } from '../../http/endpoint-routes';
import { authOf } from '../../identity/authenticate';
import type { RouteDeps } from '../../http/route-deps';
import { writeSessionCookie } from '../../identity/session-cookie';
import { cookieFromSession, presentSession, presentToken } from '../auth/session.service';
import { listRelatedAccounts, switchToRelatedAccount } from './related-accounts.service';

/** `/api/portal-service/v1/user/related`: the person's other accounts and children. */
export async function relatedRoutes(app: FastifyInstance, { db, cookieOptions }: RouteDeps) {
  registerEndpoints(app, relatedEndpoints, relatedSchemas, {
    list: {
      firstScreen: true,
      read: async (request) => {
        const auth = authOf(request);
        const accounts = await listRelatedAccounts(db, auth.session, auth.generation);
        return { answer: accounts, total: accounts.length };
      },
    },
    switchTo: async (request, reply) => {
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
  });
}

import { requestMeta } from '../../http/request-meta';
import { tokenSortColumns } from '@skolportalen/shared';
import { tokenEndpoints } from '@skolportalen/shared/endpoints/tokens';
import { tokenSchemas } from '@skolportalen/shared/endpoints/tokens.schemas';
import type { FastifyInstance } from 'fastify';
import { authOf } from '../../identity/authenticate';
import { authorize, can } from '../../identity/authorize';
import { registerEndpoints } from '../../http/endpoint-routes';
import { errors } from '../../http/errors';
import { sortOrThrow } from '../../http/list-sort';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { assertActingAsSelf } from '../../identity/session-policy';
import { clearSessionCookie, writeSessionCookie } from '../../identity/session-cookie';
import { cookieFromSession, presentSession, presentToken } from '../auth/session.service';
import { startMasking } from '../masking/masking.service';
import { listTokens, superadminIds } from './tokens.repo';
import { identityScopeOf } from '../../identity/protected-identity';
import { issueApiToken, presentTokenListItem, revokeAnyToken } from './tokens.service';
import { removeSessionToken } from './session-token.service';
import { tokensPolicy } from './tokens.policy';

/** `/api/core/v1/token`: sign-ins — list, issue (masked or api) and revoke (spec §7 "token"). */
export async function tokenRoutes(app: FastifyInstance, { db, cookieOptions }: RouteDeps) {
  registerEndpoints(app, tokenEndpoints, tokenSchemas, {
    list: {
      config: { requires: tokensPolicy.list },
      handler: async (request, reply) => {
        const { user } = authOf(request);
        const sort = sortOrThrow(request.query.sort, tokenSortColumns, [
          { column: 'issued', direction: 'DESC' },
        ]);
        const scope = await identityScopeOf(db, user);
        const { rows, total } = await listTokens(db, scope, request.query, sort);
        const superadmins = await superadminIds(db, [...new Set(rows.map((row) => row.user.id))]);
        reply.headers(paginationTotal(total));
        return rows.map((row) => presentTokenListItem(user, row, superadmins.has(row.user.id)));
      },
    },
    issue: async (request, reply) => {
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
    revoke: async (request, reply) => {
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
  });
}

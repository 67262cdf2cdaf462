import { userSortColumns } from '@skolportalen/shared';
import { userEndpoints } from '@skolportalen/shared/endpoints/users';
import { userSchemas } from '@skolportalen/shared/endpoints/users.schemas';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { userCapabilities } from '../../db/schema';
import { authOf } from '../../identity/authenticate';
import { registerEndpoints } from '../../http/endpoint-routes';
import { errors } from '../../http/errors';
import { sortOrThrow } from '../../http/list-sort';
import { readOwnChoicesSoon } from '../links/links-catalog-lists';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { authorize, canFlags } from '../../identity/authorize';
import { listUsers } from './user-list.repo';
import { loadAuthUser } from '../../identity/auth-user.repo';
import { assertPersonShown, identityScopeOf } from '../../identity/protected-identity';
import { sessionMemo } from '../../identity/session-cache';
import { currentUserText, loadCurrentUser } from './current-user.service';
import { usersPolicy } from './users.policy';
import { sessionAudience } from '../audience/session-audience';

/** `/api/core/v1/user…`: the signed-in user and their rights. */
export async function userRoutes(app: FastifyInstance, { db }: RouteDeps) {
  registerEndpoints(app, userEndpoints, userSchemas, {
    current: {
      firstScreen: true,
      read: async (request) => {
        const auth = authOf(request);
        const { user, token, memo } = auth;
        readOwnChoicesSoon(db, auth);
        // Kept with the session: only what the session counter guards (accounts, roles, groups).
        const kept = await sessionMemo(memo, 'current-user', () =>
          loadCurrentUser(db, user, token, auth.generation),
        );
        const audience = await sessionAudience(db, request);
        const { text, withoutTools, tools } = await currentUserText(db, auth, kept, audience);
        return { payload: text, value: withoutTools, fields: { links: tools } };
      },
    },
    list: {
      config: { requires: usersPolicy.list },
      handler: async (request, reply) => {
        const { user } = authOf(request);
        const sort = sortOrThrow(request.query.sort, userSortColumns, [
          { column: 'name', direction: 'ASC' },
        ]);
        const scope = await identityScopeOf(db, user);
        const { list, total } = await listUsers(db, scope, request.query, sort);
        reply.headers(paginationTotal(total));
        return list.map((item) => ({
          ...item,
          can: canFlags(
            user,
            { mask: usersPolicy.mask },
            { id: item.id, isAdmin: item.isAdmin, disabled: item.disabledAt !== null },
          ),
        }));
      },
    },
    capabilities: async (request, reply) => {
      const { user, memo } = authOf(request);
      authorize(user, usersPolicy.read, request.params.id);
      await assertPersonShown(db, user, request.params.id);
      // Rights, roles and accounts all move the session counter, so the answer keeps with the session.
      const values = await sessionMemo(memo, `capabilities:${request.params.id}`, () =>
        capabilityValues(db, request.params.id),
      );
      if (!values) throw errors.notFound();
      reply.headers(paginationTotal(values.length));
      return values;
    },
  });
}

/** A user's rights, each with where it comes from (their own value or their roles); null: no such user. */
async function capabilityValues(db: RouteDeps['db'], id: number) {
  const target = await loadAuthUser(db, id);
  if (!target) return null;
  const overrides = new Set(
    (
      await db
        .select({ key: userCapabilities.capabilityKey })
        .from(userCapabilities)
        .where(eq(userCapabilities.userId, target.id))
    ).map((row) => row.key),
  );
  return Object.entries(target.capabilities)
    .filter((entry): entry is [string, boolean] => entry[1] !== undefined)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => ({
      key,
      value,
      source: overrides.has(key) ? ('user' as const) : ('role' as const),
    }));
}

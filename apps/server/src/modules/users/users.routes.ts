import {
  capabilityValue,
  currentUserResponse,
  errorBody,
  idParams,
  userListItem,
  userListQuery,
  userSortColumns,
  z,
} from '@skolportalen/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userCapabilities } from '../../db/schema';
import { authOf } from '../../identity/authenticate';
import { errors } from '../../http/errors';
import { sortOrThrow } from '../../http/list-sort';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { authorize, canFlags } from '../../identity/authorize';
import { listUsers } from './user-list.repo';
import { loadAuthUser } from '../../identity/auth-user.repo';
import { sessionMemo } from '../../identity/session-cache';
import { completeCurrentUser, loadCurrentUser } from './current-user.service';
import { usersPolicy } from './users.policy';

/** `/api/core/v1/user…`: the signed-in user and their rights. */
export async function userRoutes(app: FastifyInstance, { db }: RouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/user',
    {
      schema: {
        tags: ['user'],
        summary: 'Den inloggade användaren',
        response: { 200: currentUserResponse, 401: errorBody },
      },
    },
    async (request) => {
      const { user, token, memo, session } = authOf(request);
      // Kept with the session: only what the session counter guards (accounts, roles, groups).
      const kept = await sessionMemo(memo, 'current-user', () => loadCurrentUser(db, user, token));
      return completeCurrentUser(db, user, session, kept);
    },
  );

  r.get(
    '/users',
    {
      config: { requires: usersPolicy.list },
      schema: {
        tags: ['user'],
        summary: 'Sök användare (namn, användarnamn, e-post; roll; grupp)',
        querystring: userListQuery,
        response: { 200: z.array(userListItem), 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request, reply) => {
      const { user } = authOf(request);
      const sort = sortOrThrow(request.query.sort, userSortColumns, [
        { column: 'name', direction: 'ASC' },
      ]);
      const { list, total } = await listUsers(db, request.query, sort);
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
  );

  r.get(
    '/user/:id/capability',
    {
      schema: {
        tags: ['user'],
        summary: 'En användares rättigheter (beviljade och nekade)',
        params: idParams,
        response: {
          200: z.array(capabilityValue),
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { user, memo } = authOf(request);
      authorize(user, usersPolicy.read, request.params.id);
      // Rights, roles and accounts all move the session counter, so the answer keeps with the session.
      const values = await sessionMemo(memo, `capabilities:${request.params.id}`, () =>
        capabilityValues(db, request.params.id),
      );
      if (!values) throw errors.notFound();
      reply.headers(paginationTotal(values.length));
      return values;
    },
  );
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

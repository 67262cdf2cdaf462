import { favoriteSortColumns } from '@skolportalen/shared';
import { favoriteEndpoints } from '@skolportalen/shared/endpoints/favorites';
import { favoriteSchemas } from '@skolportalen/shared/endpoints/favorites.schemas';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../identity/actor';
import { authOf } from '../../identity/authenticate';
import { registerEndpoints } from '../../http/endpoint-routes';
import { errors } from '../../http/errors';
import { sortOrThrow } from '../../http/list-sort';
import type { RouteDeps } from '../../http/route-deps';
import { findFavorite, listFavorites } from './favorites.repo';
import {
  changeFavorite,
  createFavorite,
  presentFavorite,
  removeFavorite,
} from './favorites.service';

/** `/api/core/v1/favorite`: a user's own bookmarks (the header's favourites). */
export async function favoriteRoutes(app: FastifyInstance, { db }: RouteDeps) {
  registerEndpoints(app, favoriteEndpoints, favoriteSchemas, {
    list: {
      firstScreen: true,
      read: async (request) => {
        const { user } = authOf(request);
        const sort = sortOrThrow(request.query.sort, favoriteSortColumns, [
          { column: 'sort', direction: 'DESC' },
          { column: 'updated', direction: 'DESC' },
        ]);
        const { rows, total } = await listFavorites(db, user.id, sort, request.query);
        return { answer: rows.map(presentFavorite), total };
      },
    },
    create: async (request) =>
      presentFavorite(await createFavorite(db, actorOf(request), request.body)),
    get: async (request) => {
      const row = await findFavorite(db, authOf(request).user.id, request.params.id);
      if (!row) throw errors.notFound();
      return presentFavorite(row);
    },
    update: async (request) =>
      presentFavorite(await changeFavorite(db, actorOf(request), request.params.id, request.body)),
    remove: async (request) => {
      await removeFavorite(db, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  });
}

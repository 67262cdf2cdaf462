import {
  errorBody,
  favoriteInput,
  favoriteListQuery,
  favoriteResponse,
  favoriteSortColumns,
  favoriteUpdate,
  idParams,
  okBody,
  z,
} from '@skolportalen/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../identity/actor';
import { authOf } from '../../identity/authenticate';
import { errors } from '../../http/errors';
import { sortOrThrow } from '../../http/list-sort';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { findFavorite, listFavorites } from './favorites.repo';
import {
  changeFavorite,
  createFavorite,
  presentFavorite,
  removeFavorite,
} from './favorites.service';

const errorResponses = { 400: errorBody, 401: errorBody, 404: errorBody };

/** `/api/core/v1/favorite`: a user's own bookmarks (the header's favourites). */
export async function favoriteRoutes(app: FastifyInstance, { db }: RouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/favorite',
    {
      schema: {
        tags: ['favorite'],
        summary: 'Mina favoriter (sort DESC, updated DESC)',
        querystring: favoriteListQuery,
        response: { 200: z.array(favoriteResponse), 400: errorBody, 401: errorBody },
      },
    },
    async (request, reply) => {
      const { user } = authOf(request);
      const sort = sortOrThrow(request.query.sort, favoriteSortColumns, [
        { column: 'sort', direction: 'DESC' },
        { column: 'updated', direction: 'DESC' },
      ]);
      const { rows, total } = await listFavorites(db, user.id, sort, request.query);
      reply.headers(paginationTotal(total));
      return rows.map(presentFavorite);
    },
  );

  r.post(
    '/favorite',
    {
      schema: {
        tags: ['favorite'],
        summary: 'Lägg till en favorit',
        body: favoriteInput,
        response: { 201: favoriteResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const row = await createFavorite(db, actorOf(request), request.body);
      reply.code(201);
      return presentFavorite(row);
    },
  );

  r.get(
    '/favorite/:id',
    {
      schema: {
        tags: ['favorite'],
        summary: 'En av mina favoriter',
        params: idParams,
        response: { 200: favoriteResponse, ...errorResponses },
      },
    },
    async (request) => {
      const row = await findFavorite(db, authOf(request).user.id, request.params.id);
      if (!row) throw errors.notFound();
      return presentFavorite(row);
    },
  );

  r.put(
    '/favorite/:id',
    {
      schema: {
        tags: ['favorite'],
        summary: 'Byt namn, adress eller plats på en favorit',
        params: idParams,
        body: favoriteUpdate,
        response: { 200: favoriteResponse, ...errorResponses },
      },
    },
    async (request) =>
      presentFavorite(await changeFavorite(db, actorOf(request), request.params.id, request.body)),
  );

  r.delete(
    '/favorite/:id',
    {
      schema: {
        tags: ['favorite'],
        summary: 'Ta bort en favorit',
        params: idParams,
        response: { 200: okBody, ...errorResponses },
      },
    },
    async (request) => {
      await removeFavorite(db, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
}

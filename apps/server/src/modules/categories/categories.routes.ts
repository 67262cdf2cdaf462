import {
  categoryCreateRequest,
  categoryListQuery,
  categoryNodeParams,
  categoryResponse,
  categorySortColumns,
  errorBody,
  idParams,
  okBody,
  z,
} from '@skolportalen/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { administers } from '../../identity/admin-access';
import { authOf } from '../../identity/authenticate';
import { sortOrThrow } from '../../http/list-sort';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { assertActingAsSelf } from '../../identity/session-policy';
import { listCategories } from './categories.repo';
import {
  categoryOrThrow,
  changeCategoryNode,
  createCategory,
  deleteCategory,
} from './categories.service';

const writeErrors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
};

/** Categories are changed by administrators whose category_edit is not denied. */
const editsCategories = administers({ notDenied: ['category_edit'] });

/** `/api/core/v1/category`: categories and the groups they link to. */
export async function categoryRoutes(app: FastifyInstance, { db }: RouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** After the route's required right: changes are made by the person themselves. */
  async function actingAsSelf(request: FastifyRequest) {
    const auth = authOf(request);
    await assertActingAsSelf(db, auth);
    return auth;
  }

  r.get(
    '/category',
    {
      schema: {
        tags: ['category'],
        summary: 'Kategorier med kopplade grupper',
        querystring: categoryListQuery,
        response: { 200: z.array(categoryResponse), 400: errorBody, 401: errorBody },
      },
    },
    async (request, reply) => {
      const sort = sortOrThrow(request.query.sort, categorySortColumns, [
        { column: 'id', direction: 'ASC' },
      ]);
      const { categories, total } = await listCategories(db, request.query, sort);
      reply.headers(paginationTotal(total));
      return categories;
    },
  );

  r.post(
    '/category',
    {
      config: { requires: editsCategories },
      schema: {
        tags: ['category'],
        summary: 'Skapa en kategori',
        body: categoryCreateRequest,
        response: { 200: categoryResponse, ...writeErrors },
      },
    },
    async (request) => {
      const auth = await actingAsSelf(request);
      return createCategory(db, auth, request.id, request.body);
    },
  );

  r.get(
    '/category/:id',
    {
      schema: {
        tags: ['category'],
        summary: 'En kategori med kopplade grupper',
        params: idParams,
        response: { 200: categoryResponse, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => categoryOrThrow(db, request.params.id),
  );

  r.delete(
    '/category/:id',
    {
      config: { requires: editsCategories },
      schema: {
        tags: ['category'],
        summary: 'Ta bort en kategori',
        params: idParams,
        response: { 200: okBody, ...writeErrors },
      },
    },
    async (request) => {
      const auth = await actingAsSelf(request);
      await deleteCategory(db, auth, request.id, request.params.id);
      return { ok: true as const };
    },
  );

  for (const [method, link] of [
    ['post', true],
    ['delete', false],
  ] as const) {
    r[method](
      '/category/:id/node/:nodeId',
      {
        config: { requires: editsCategories },
        schema: {
          tags: ['category'],
          summary: link ? 'Koppla en grupp till kategorin' : 'Ta bort en grupp från kategorin',
          params: categoryNodeParams,
          response: { 200: categoryResponse, ...writeErrors },
        },
      },
      async (request) => {
        const auth = await actingAsSelf(request);
        const { id, nodeId } = request.params;
        return changeCategoryNode(db, auth, request.id, id, nodeId, link);
      },
    );
  }
}

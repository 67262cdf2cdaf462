import {
  categoryListQuery,
  categoryResponse,
  categorySortColumns,
  errorBody,
  z,
} from '@skolportalen/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sortOrThrow } from '../../http/list-sort';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { listCategories } from './categories.repo';

/** `/api/core/v1/category`: read side; writes arrive with the administration. */
export async function categoryRoutes(app: FastifyInstance, { db }: RouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/category',
    {
      onRequest: [app.authenticate],
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
}

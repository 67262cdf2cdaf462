import { errorBody, nodeListQuery, nodeResponse, nodeSortColumns, z } from '@skolportalen/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sortOrThrow } from '../../http/list-sort';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { listNodes, presentNode } from './nodes.repo';

/** `/api/core/v1/node`: the groups tree (schools, classes, teaching groups). */
export async function nodeRoutes(app: FastifyInstance, { db }: RouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/node',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['node'],
        summary: 'Grupper, filtrerade och sorterade',
        querystring: nodeListQuery,
        response: { 200: z.array(nodeResponse), 400: errorBody, 401: errorBody },
      },
    },
    async (request, reply) => {
      const sort = sortOrThrow(request.query.sort, nodeSortColumns, [
        { column: 'name', direction: 'ASC' },
      ]);
      const { rows, total } = await listNodes(db, request.query, sort);
      reply.headers(paginationTotal(total));
      return rows.map(presentNode);
    },
  );
}

import {
  auditEntryResponse,
  auditListQuery,
  auditSortColumns,
  errorBody,
  z,
} from '@skolportalen/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { administers } from '../../identity/admin-access';
import { sortOrThrow } from '../../http/list-sort';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { listAudit } from './audit-list.repo';

/** `GET /api/core/v1/audit`: who changed what and when, for administrators. */
export async function auditRoutes(app: FastifyInstance, { db }: RouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/audit',
    {
      config: { requires: administers() },
      schema: {
        tags: ['audit'],
        summary: 'Ändringsloggen: vem ändrade vad, när, före och efter',
        querystring: auditListQuery,
        response: {
          200: z.array(auditEntryResponse),
          400: errorBody,
          401: errorBody,
          403: errorBody,
        },
      },
    },
    async (request, reply) => {
      const sort = sortOrThrow(request.query.sort, auditSortColumns, [
        { column: 'at', direction: 'DESC' },
      ]);
      const { entries, total } = await listAudit(db, request.query, sort);
      reply.headers(paginationTotal(total));
      return entries;
    },
  );
}

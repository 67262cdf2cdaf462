import { auditSortColumns } from '@skolportalen/shared';
import { auditEndpoints } from '@skolportalen/shared/endpoints/audit';
import { auditSchemas } from '@skolportalen/shared/endpoints/audit.schemas';
import type { FastifyInstance } from 'fastify';
import { administers } from '../../identity/admin-access';
import { authOf } from '../../identity/authenticate';
import { identityScopeOf } from '../../identity/protected-identity';
import { registerEndpoints } from '../../http/endpoint-routes';
import { sortOrThrow } from '../../http/list-sort';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { listAudit } from './audit-list.repo';

/** `GET /api/core/v1/audit`: who changed what and when, for administrators. */
export async function auditRoutes(app: FastifyInstance, { db }: RouteDeps) {
  registerEndpoints(app, auditEndpoints, auditSchemas, {
    list: {
      config: { requires: administers() },
      handler: async (request, reply) => {
        const sort = sortOrThrow(request.query.sort, auditSortColumns, [
          { column: 'at', direction: 'DESC' },
        ]);
        const scope = await identityScopeOf(db, authOf(request).user);
        const { entries, total } = await listAudit(db, scope, request.query, sort);
        reply.headers(paginationTotal(total));
        return entries;
      },
    },
  });
}

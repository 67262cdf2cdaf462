import { searchEndpoints } from '@skolportalen/shared/endpoints/search';
import { searchSchemas } from '@skolportalen/shared/endpoints/search.schemas';
import type { FastifyInstance } from 'fastify';
import { registerEndpoints } from '../../http/endpoint-routes';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { sessionAudience } from '../audience/session-audience';
import { sessionPostAudience } from '../audience/session-audience';
import { searchPolicy } from './search.policy';
import { search } from './search.service';

/** `GET /api/core/v1/search` (spec §7 search): posts, pages and tools the user may see. */
export async function searchRoutes(app: FastifyInstance, { db }: RouteDeps) {
  registerEndpoints(app, searchEndpoints, searchSchemas, {
    search: {
      config: { requires: searchPolicy.search },
      handler: async (request, reply) => {
        const { q, type, page, perPage } = request.query;
        const [postAudience, toolAudience] = await Promise.all([
          sessionPostAudience(db, request),
          sessionAudience(db, request),
        ]);
        const { results, total } = await search(
          db,
          { posts: { audience: postAudience, listAll: false }, tools: toolAudience },
          q,
          type,
          { page, perPage },
        );
        reply.headers(paginationTotal(total));
        return results;
      },
    },
  });
}

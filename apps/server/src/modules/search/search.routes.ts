import { errorBody, searchQuery, searchResult, z } from '@skolportalen/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { sessionAudience } from '../audience/session-audience';
import { sessionPostAudience } from '../audience/session-audience';
import { searchPolicy } from './search.policy';
import { search } from './search.service';

/** `GET /api/core/v1/search` (spec §7 search): posts, pages and tools the user may see. */
export async function searchRoutes(app: FastifyInstance, { db }: RouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/search',
    {
      config: { requires: searchPolicy.search },
      schema: {
        tags: ['search'],
        summary:
          'Sök bland nyheter, sidor och verktyg som riktar sig till den inloggade användaren',
        querystring: searchQuery,
        response: {
          200: z.array(searchResult),
          400: errorBody,
          401: errorBody,
          403: errorBody,
        },
      },
    },
    async (request, reply) => {
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
  );
}

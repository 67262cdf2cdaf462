import { format, sv } from '@skolportalen/shared';
import { acknowledgementEndpoints } from '@skolportalen/shared/endpoints/acknowledgements';
import { acknowledgementSchemas } from '@skolportalen/shared/endpoints/acknowledgements.schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoints } from '../../http/endpoint-routes';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { actorOf } from '../../identity/actor';
import { authOf } from '../../identity/authenticate';
import { can } from '../../identity/authorize';
import { assertActingAsSelf } from '../../identity/session-policy';
import type { PostViewer } from '../audience/post-visibility';
import { sessionPostAudience } from '../audience/session-audience';
import { contentDisposition } from '../media/media-files.routes';
import { postsPolicy } from '../posts/posts.policy';
import { acknowledgementsCsv } from './acknowledgement-csv';
import { acknowledgementReports } from './acknowledgement-reports';
import {
  acknowledgePost,
  acknowledgementReport,
  acknowledgementSummary,
  type AcknowledgementsContext,
} from './acknowledgements.service';

/** `/api/core/v1` must-read notices (decision 0040): confirming one, the report, and the list of reports. */
export async function acknowledgementRoutes(app: FastifyInstance, deps: RouteDeps) {
  const ctx: AcknowledgementsContext = { db: deps.db, now: deps.clock };

  async function viewerOf(request: FastifyRequest): Promise<PostViewer> {
    const { user } = authOf(request);
    const audience = await sessionPostAudience(deps.db, request);
    return { audience, listAll: can(user, postsPolicy.listAll) };
  }

  registerEndpoints(app, acknowledgementEndpoints, acknowledgementSchemas, {
    acknowledge: async (request) => {
      // A confirmation is the person's own: never while an administrator acts as them.
      await assertActingAsSelf(deps.db, authOf(request));
      return acknowledgePost(
        ctx,
        actorOf(request),
        await viewerOf(request),
        request.params.id,
        request.body.childIds,
      );
    },
    report: async (request, reply) => {
      const { user } = authOf(request);
      const { format: answerAs, page, perPage, ...filters } = request.query;
      const viewer = await viewerOf(request);
      if (answerAs === 'csv') {
        const { post, rows } = await acknowledgementReport(
          ctx,
          user,
          viewer,
          request.params.id,
          filters,
        );
        // A file, sent as it is (not through the response schema).
        return reply
          .type('text/csv; charset=utf-8')
          .header('cache-control', 'no-store')
          .header(
            'content-disposition',
            contentDisposition(
              'attachment',
              format(sv.acknowledgements.csv.fileName, { slug: post.slug }),
            ),
          )
          .serializer((payload: unknown) => payload as string)
          .send(acknowledgementsCsv(rows));
      }
      const { rows, total } = await acknowledgementReport(ctx, user, viewer, request.params.id, {
        ...filters,
        page: { page, perPage },
      });
      reply.headers(paginationTotal(total));
      return rows;
    },
    summary: async (request) =>
      acknowledgementSummary(ctx, authOf(request).user, await viewerOf(request), request.params.id),
    reports: async (request, reply) => {
      const { page, perPage } = request.query;
      const { items, total } = await acknowledgementReports(
        deps.db,
        authOf(request).user,
        await viewerOf(request),
        { page, perPage },
      );
      reply.headers(paginationTotal(total));
      return items;
    },
  });
}

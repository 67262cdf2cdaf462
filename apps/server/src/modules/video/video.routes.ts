import { videoEndpoints } from '@skolportalen/shared/endpoints/video';
import { videoSchemas } from '@skolportalen/shared/endpoints/video.schemas';
import type { FastifyInstance } from 'fastify';
import { registerEndpoints } from '../../http/endpoint-routes';
import type { RouteDeps } from '../../http/route-deps';

/**
 * `/api/portal-service/v1/video/config`: the video services a video block may
 * frame (VIDEO_EMBED_HOSTS), so the browser refuses the same addresses the
 * server refuses on save. Public, like the CSP header that names them too.
 */
export async function videoRoutes(app: FastifyInstance, { config }: RouteDeps) {
  registerEndpoints(app, videoEndpoints, videoSchemas, {
    config: async (_request, reply) => {
      // The setting changes only with a restart.
      reply.header('cache-control', 'public, max-age=300');
      return { embedOrigins: config.videoEmbedOrigins };
    },
  });
}

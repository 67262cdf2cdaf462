import { videoConfig } from '@skolportalen/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteDeps } from '../../http/route-deps';

/**
 * `/api/portal-service/v1/video/config`: the video services a video block may
 * frame (VIDEO_EMBED_HOSTS), so the browser refuses the same addresses the
 * server refuses on save. Public, like the CSP header that names them too.
 */
export async function videoRoutes(app: FastifyInstance, { config }: RouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/video/config',
    {
      schema: {
        tags: ['video'],
        summary: 'Videotjänster som videoblock får visa',
        response: { 200: videoConfig },
      },
    },
    async (_request, reply) => {
      // The setting changes only with a restart.
      reply.header('cache-control', 'public, max-age=300');
      return { embedOrigins: config.videoEmbedOrigins };
    },
  );
}

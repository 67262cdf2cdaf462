import type { VideoConfig } from '../content/video-embed';
import { z } from '../schemas/zod-sv';
import { endpointSchemas } from './endpoint';

/**
 * The video check (beyond the spec); its route is in ./video.ts. Public and
 * without input, so it refuses nothing.
 */
const videoConfig = z.object({
  embedOrigins: z.array(z.string()),
}) satisfies z.ZodType<VideoConfig>;

export const videoSchemas = endpointSchemas('video', {
  config: {
    summary: 'Videotjänster som videoblock får visa',
    response: videoConfig,
  },
});

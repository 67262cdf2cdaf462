import { videoConfig } from '../content/video-embed';
import { endpointSchemas } from './endpoint';

/**
 * The video check (beyond the spec); its route is in ./video.ts. Public and
 * without input, so it refuses nothing.
 */
export const videoSchemas = endpointSchemas('video', {
  config: {
    summary: 'Videotjänster som videoblock får visa',
    response: videoConfig,
  },
});

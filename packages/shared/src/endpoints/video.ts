import { apiRoots } from '../api-roots';
import { declareEndpoints } from './endpoint';
import type { videoSchemas } from './video.schemas';

/** `/api/portal-service/v1/video/config`: the video services a video block may frame. */
export const videoEndpoints = declareEndpoints<typeof videoSchemas>()(apiRoots.portal, {
  config: 'GET /video/config',
});

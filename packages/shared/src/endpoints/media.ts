import { apiRoots } from '../api-roots';
import { declareEndpoints } from './endpoint';
import type { mediaSchemas } from './media.schemas';

/** `/api/core/v1/media` (spec §7 "media"): the media library. */
export const mediaEndpoints = declareEndpoints<typeof mediaSchemas>()(apiRoots.core, {
  list: 'GET /media',
  get: 'GET /media/:id',
  update: 'PUT /media/:id',
  remove: 'DELETE /media/:id',
});

import { apiRoots } from '../api-roots';
import { declareEndpoints } from './endpoint';
import type { versionSchemas } from './versions.schemas';

/** `/api/core/v1`: every saved state of a post, and what readers were shown when (issue 28). */
export const versionEndpoints = declareEndpoints<typeof versionSchemas>()(apiRoots.core, {
  list: 'GET /post/:id/versions',
  get: 'GET /post/:id/versions/:n',
  restore: 'POST /post/:id/versions/:n/restore',
  asPublished: 'GET /post/:id/as-published',
  archive: 'GET /post-archive',
});

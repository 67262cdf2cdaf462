import { apiRoots } from '../api-roots';
import { declareEndpoints } from './endpoint';
import type { retentionSchemas } from './retention.schemas';

/** `/api/core/v1`: retention rules and the export to the e-archive, for administrators (issue 28). */
export const retentionEndpoints = declareEndpoints<typeof retentionSchemas>()(apiRoots.core, {
  list: 'GET /retention-rules',
  create: 'POST /retention-rules',
  update: 'PUT /retention-rules/:id',
  remove: 'DELETE /retention-rules/:id',
  export: 'GET /post-export',
});

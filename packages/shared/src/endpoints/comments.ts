import { apiRoots } from '../api-roots';
import type { commentSchemas } from './comments.schemas';
import { declareEndpoints } from './endpoint';

/** `/api/core/v1/comment` (spec §7 "comment"): comments under news and pages. */
export const commentEndpoints = declareEndpoints<typeof commentSchemas>()(apiRoots.core, {
  list: 'GET /comment',
  create: 'POST /comment',
  remove: 'DELETE /comment/:id',
});

import { apiRoots } from '../api-roots';
import { declareEndpoints } from './endpoint';
import type { categorySchemas } from './categories.schemas';

/** `/api/core/v1/category` (spec §7 "category"): categories and the groups they link to. */
export const categoryEndpoints = declareEndpoints<typeof categorySchemas>()(apiRoots.core, {
  list: 'GET /category',
  create: 'POST /category',
  get: 'GET /category/:id',
  remove: 'DELETE /category/:id',
  linkNode: 'POST /category/:id/node/:nodeId',
  unlinkNode: 'DELETE /category/:id/node/:nodeId',
});

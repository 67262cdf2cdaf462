import { apiRoots } from '../api-roots';
import { declareEndpoints } from './endpoint';
import type { userLinkSchemas } from './user-links.schemas';

/** `/api/core/v1/user/links` and `/user/{id}/link…`: a user's own tool list and its order. */
export const userLinkEndpoints = declareEndpoints<typeof userLinkSchemas>()(apiRoots.core, {
  mine: 'GET /user/links',
  addMine: 'POST /user/links/:id',
  removeMine: 'DELETE /user/links/:id',
  ofUser: 'GET /user/:id/links',
  addToUser: 'POST /user/:id/link/:linkId',
  removeFromUser: 'DELETE /user/:id/link/:linkId',
  sort: 'POST /user/:id/link-sort',
});

import { apiRoots } from '../api-roots';
import { declareEndpoints } from './endpoint';
import type { favoriteSchemas } from './favorites.schemas';

/** `/api/core/v1/favorite`: a user's own bookmarks (the header's favourites). */
export const favoriteEndpoints = declareEndpoints<typeof favoriteSchemas>()(apiRoots.core, {
  list: 'GET /favorite',
  create: 'POST /favorite',
  get: 'GET /favorite/:id',
  update: 'PUT /favorite/:id',
  remove: 'DELETE /favorite/:id',
});

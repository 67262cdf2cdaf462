import { apiRoots } from '../api-roots';
import { declareEndpoints } from './endpoint';
import type { documentSchemas } from './documents.schemas';

/** `/api/document-repository/v1` (spec §7): sites, folders and documents, favourites, shared links, tickets. */
export const documentEndpoints = declareEndpoints<typeof documentSchemas>()(apiRoots.documents, {
  sites: 'GET /site',
  favorites: 'GET /favorite',
  addFavorite: 'POST /favorite',
  removeFavorite: 'DELETE /favorite/:id',
  node: 'GET /node/:id',
  create: 'POST /node/:id',
  createLink: 'POST /link',
  revokeLink: 'DELETE /link/:linkId',
  ticket: 'POST /token',
});

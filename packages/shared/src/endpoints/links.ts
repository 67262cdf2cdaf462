import { apiRoots } from '../api-roots';
import { declareEndpoints } from './endpoint';
import type { linkSchemas } from './links.schemas';

/** `/api/core/v1` tools ("Inkastare"): the tools query, administration and single tools. */
export const linkEndpoints = declareEndpoints<typeof linkSchemas>()(apiRoots.core, {
  getLinks: 'POST /GetLinks',
  mine: 'GET /my-links',
  listAll: 'GET /link-all',
  create: 'POST /link',
  get: 'GET /link/:id',
  replace: 'PUT /link/:id',
  remove: 'DELETE /link/:id',
});

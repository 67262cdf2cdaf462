import { apiRoots } from '../api-roots';
import { declareEndpoints } from './endpoint';
import type { searchSchemas } from './search.schemas';

/** `/api/core/v1/search` (spec §7 "search"): posts, pages and tools the user may see. */
export const searchEndpoints = declareEndpoints<typeof searchSchemas>()(apiRoots.core, {
  search: 'GET /search',
});

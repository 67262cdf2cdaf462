import { apiRoots } from '../api-roots';
import type { brokenLinkSchemas } from './broken-links.schemas';
import { declareEndpoints } from './endpoint';

/** `/api/core/v1/broken-link`: links in published posts that the nightly check found broken. */
export const brokenLinkEndpoints = declareEndpoints<typeof brokenLinkSchemas>()(apiRoots.core, {
  mine: 'GET /broken-link/mine',
  school: 'GET /broken-link',
});

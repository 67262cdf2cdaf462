import { apiRoots } from '../api-roots';
import { declareEndpoints } from './endpoint';
import type { relatedSchemas } from './related.schemas';

/** `/api/portal-service/v1/user/related`: the person's other accounts and children. */
export const relatedEndpoints = declareEndpoints<typeof relatedSchemas>()(apiRoots.portal, {
  list: 'GET /user/related',
  switchTo: 'POST /user/related/:id/token',
});

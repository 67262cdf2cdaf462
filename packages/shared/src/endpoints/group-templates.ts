import { apiRoots } from '../api-roots';
import { declareEndpoints } from './endpoint';
import type { groupTemplateSchemas } from './group-templates.schemas';

/** `/api/portal-service/v1/favorite`: favourite target groups ("Favoritmålgrupper"). */
export const groupTemplateEndpoints = declareEndpoints<typeof groupTemplateSchemas>()(
  apiRoots.portal,
  {
    list: 'GET /favorite',
    create: 'POST /favorite',
    get: 'GET /favorite/:id',
    update: 'PUT /favorite/:id',
    remove: 'DELETE /favorite/:id',
  },
);

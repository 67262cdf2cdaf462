import { apiRoots } from '../api-roots';
import { declareEndpoints } from './endpoint';
import type { importSchemas } from './ss12000-import.schemas';

/** `/api/core/v1/ss12000-import`: importing the school organisation from SS 12000. */
export const importEndpoints = declareEndpoints<typeof importSchemas>()(apiRoots.core, {
  source: 'GET /ss12000-import/source',
  runs: 'GET /ss12000-import',
  run: 'GET /ss12000-import/:id',
  startFile: 'POST /ss12000-import/file',
  startApi: 'POST /ss12000-import/api',
});

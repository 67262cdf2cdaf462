import { apiRoots } from '../api-roots';
import { declareEndpoints } from './endpoint';
import type { tokenSchemas } from './tokens.schemas';

/** `/api/core/v1/token`: sign-ins, listed, issued and revoked (spec §7 "token"). */
export const tokenEndpoints = declareEndpoints<typeof tokenSchemas>()(apiRoots.core, {
  list: 'GET /token',
  issue: 'POST /token',
  revoke: 'DELETE /token/:id',
});

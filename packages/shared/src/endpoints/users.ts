import { apiRoots } from '../api-roots';
import { declareEndpoints } from './endpoint';
import type { userSchemas } from './users.schemas';

/** `/api/core/v1/user…`: the signed-in user, the user search and a user's rights (spec §7 "user"). */
export const userEndpoints = declareEndpoints<typeof userSchemas>()(apiRoots.core, {
  current: 'GET /user',
  list: 'GET /users',
  capabilities: 'GET /user/:id/capability',
});

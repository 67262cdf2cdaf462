import { apiRoots } from '../api-roots';
import { declareEndpoints } from './endpoint';
import type { roleSchemas } from './roles.schemas';

/** `/api/core/v1/role` and `/capability`: roles and their rights (spec §7 "role", "capability"). */
export const roleEndpoints = declareEndpoints<typeof roleSchemas>()(apiRoots.core, {
  list: 'GET /role',
  create: 'POST /role',
  remove: 'DELETE /role/:id',
  setCapability: 'POST /role/:id/capability/:cap',
  removeCapability: 'DELETE /role/:id/capability/:cap',
  capabilities: 'GET /capability',
});

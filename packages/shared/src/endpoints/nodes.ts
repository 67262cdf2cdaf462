import { apiRoots } from '../api-roots';
import { declareEndpoints } from './endpoint';
import type { nodeSchemas } from './nodes.schemas';

/** `/api/core/v1/node` (spec §7 "node"): the groups tree. */
export const nodeEndpoints = declareEndpoints<typeof nodeSchemas>()(apiRoots.core, {
  list: 'GET /node',
  create: 'POST /node',
  update: 'PUT /node/:id',
  members: 'GET /node/:id/members',
  remove: 'DELETE /node/:id',
});

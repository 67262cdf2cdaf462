import { apiRoots } from '../api-roots';
import { declareEndpoints } from './endpoint';
import type { userAdminSchemas } from './user-admin.schemas';

/** `/api/core/v1/user/:id…`: administration of one user (spec §7 "user"). */
export const userAdminEndpoints = declareEndpoints<typeof userAdminSchemas>()(apiRoots.core, {
  get: 'GET /user/:id',
  update: 'PUT /user/:id',
  disable: 'POST /user/:id/disable',
  enable: 'POST /user/:id/enable',
  addNode: 'POST /user/:id/node/:nodeId',
  removeNode: 'DELETE /user/:id/node/:nodeId',
  addNodes: 'POST /user/:id/node-bulk',
  removeNodes: 'POST /user/:id/node-bulk-remove',
  grantRole: 'POST /user/:id/role/:roleId',
  revokeRole: 'DELETE /user/:id/role/:roleId',
  setCapability: 'POST /user/:id/capability/:cap',
  removeCapability: 'DELETE /user/:id/capability/:cap',
  linkCategory: 'POST /user/:id/category/:catId',
  unlinkCategory: 'DELETE /user/:id/category/:catId',
});

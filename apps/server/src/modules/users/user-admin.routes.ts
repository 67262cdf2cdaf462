import { userAdminEndpoints } from '@skolportalen/shared/endpoints/user-admin';
import { userAdminSchemas } from '@skolportalen/shared/endpoints/user-admin.schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authOf } from '../../identity/authenticate';
import { authorize } from '../../identity/authorize';
import { registerEndpoints } from '../../http/endpoint-routes';
import type { RouteDeps } from '../../http/route-deps';
import { assertActingAsSelf } from '../../identity/session-policy';
import {
  addUserNodes,
  auditProtectedOpening,
  changeUserCapability,
  changeUserCategory,
  grantUserRole,
  presentUserDetail,
  removeUserNodes,
  revokeUserRole,
  updateUser,
  userDetailOrThrow,
} from './user-admin.service';
import { ContentLanguages } from '../translations/content-languages';
import { disableUser, enableUser } from './account-status.service';
import { userAdminRights, usersPolicy } from './users.policy';

/** `/api/core/v1/user/{id}…`: administration of one user (spec §7 "user"). */
export async function userAdminRoutes(app: FastifyInstance, { db, config }: RouteDeps) {
  const languages = new ContentLanguages(config.contentLanguages);
  /**
   * Each change route requires its screen's right in its definition (admin
   * status and the finer right), so a refusal never depends on what exists;
   * then the person must act as themselves.
   */
  async function actingAsSelf(request: FastifyRequest) {
    const auth = authOf(request);
    await assertActingAsSelf(db, auth);
    return auth;
  }

  registerEndpoints(app, userAdminEndpoints, userAdminSchemas, {
    get: async (request) => {
      const auth = authOf(request);
      authorize(auth.user, usersPolicy.read, request.params.id);
      const detail = await userDetailOrThrow(db, request.params.id, auth.user);
      await auditProtectedOpening(db, auth, request.id, detail);
      return presentUserDetail(detail, auth.user);
    },
    update: {
      config: { requires: userAdminRights.edit },
      handler: async (request) => {
        const auth = await actingAsSelf(request);
        return updateUser(db, auth, request.id, request.params.id, request.body, languages);
      },
    },
    disable: {
      config: { requires: userAdminRights.edit },
      handler: async (request) => {
        const auth = await actingAsSelf(request);
        return disableUser(db, auth, request.id, request.params.id, request.body?.reason ?? null);
      },
    },
    enable: {
      config: { requires: userAdminRights.edit },
      handler: async (request) => {
        const auth = await actingAsSelf(request);
        return enableUser(db, auth, request.id, request.params.id);
      },
    },
    addNode: {
      config: { requires: userAdminRights.editGroups },
      handler: async (request) => {
        const auth = await actingAsSelf(request);
        const { id, nodeId } = request.params;
        return addUserNodes(db, auth, request.id, id, [nodeId]);
      },
    },
    removeNode: {
      config: { requires: userAdminRights.editGroups },
      handler: async (request) => {
        const auth = await actingAsSelf(request);
        const { id, nodeId } = request.params;
        return removeUserNodes(db, auth, request.id, id, [nodeId]);
      },
    },
    addNodes: {
      config: { requires: userAdminRights.editGroups },
      handler: async (request) => {
        const auth = await actingAsSelf(request);
        return addUserNodes(db, auth, request.id, request.params.id, request.body.nodeIds);
      },
    },
    removeNodes: {
      config: { requires: userAdminRights.editGroups },
      handler: async (request) => {
        const auth = await actingAsSelf(request);
        return removeUserNodes(db, auth, request.id, request.params.id, request.body.nodeIds);
      },
    },
    grantRole: {
      config: { requires: userAdminRights.editRoles },
      handler: async (request) => {
        const auth = await actingAsSelf(request);
        const { id, roleId } = request.params;
        return grantUserRole(db, auth, request.id, id, roleId, { replace: request.query.replace });
      },
    },
    revokeRole: {
      config: { requires: userAdminRights.editRoles },
      handler: async (request) => {
        const auth = await actingAsSelf(request);
        const { id, roleId } = request.params;
        return revokeUserRole(db, auth, request.id, id, roleId);
      },
    },
    setCapability: {
      config: { requires: userAdminRights.editCapabilities },
      handler: async (request) => {
        const auth = await actingAsSelf(request);
        const { id, cap } = request.params;
        return changeUserCapability(db, auth, request.id, id, cap, request.body.value);
      },
    },
    removeCapability: {
      config: { requires: userAdminRights.editCapabilities },
      handler: async (request) => {
        const auth = await actingAsSelf(request);
        const { id, cap } = request.params;
        return changeUserCapability(db, auth, request.id, id, cap, null);
      },
    },
    linkCategory: {
      config: { requires: userAdminRights.edit },
      handler: async (request) => {
        const auth = await actingAsSelf(request);
        const { id, catId } = request.params;
        return changeUserCategory(db, auth, request.id, id, catId, true);
      },
    },
    unlinkCategory: {
      config: { requires: userAdminRights.edit },
      handler: async (request) => {
        const auth = await actingAsSelf(request);
        const { id, catId } = request.params;
        return changeUserCategory(db, auth, request.id, id, catId, false);
      },
    },
  });
}

import {
  capabilityValueRequest,
  errorBody,
  idParams,
  nodeBulkRequest,
  userCapabilityParams,
  userCategoryParams,
  userDetailResponse,
  userNodeParams,
  userRoleGrantQuery,
  userRoleParams,
  userDisableRequest,
  userUpdateRequest,
} from '@skolportalen/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../identity/authenticate';
import { authorize } from '../../identity/authorize';
import type { RouteDeps } from '../../http/route-deps';
import { assertActingAsSelf } from '../../identity/session-policy';
import {
  addUserNodes,
  changeUserCapability,
  changeUserCategory,
  grantUserRole,
  presentUserDetail,
  removeUserNodes,
  revokeUserRole,
  updateUser,
  userDetailOrThrow,
} from './user-admin.service';
import { disableUser, enableUser } from './account-status.service';
import { userAdminRights, usersPolicy } from './users.policy';

const answers = {
  200: userDetailResponse,
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
};

/** `/api/core/v1/user/{id}…`: administration of one user (spec §7 "user"). */
export async function userAdminRoutes(app: FastifyInstance, { db }: RouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

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

  r.get(
    '/user/:id',
    {
      schema: { tags: ['user'], summary: 'En användare', params: idParams, response: answers },
    },
    async (request) => {
      const { user } = authOf(request);
      authorize(user, usersPolicy.read, request.params.id);
      return presentUserDetail(await userDetailOrThrow(db, request.params.id), user);
    },
  );

  r.put(
    '/user/:id',
    {
      config: { requires: userAdminRights.edit },
      schema: {
        tags: ['user'],
        summary: 'Ändra namn och e-postadress',
        params: idParams,
        body: userUpdateRequest,
        response: answers,
      },
    },
    async (request) => {
      const auth = await actingAsSelf(request);
      return updateUser(db, auth, request.id, request.params.id, request.body);
    },
  );

  r.post(
    '/user/:id/disable',
    {
      config: { requires: userAdminRights.edit },
      schema: {
        tags: ['user'],
        summary: 'Stäng av kontot: inga inloggningar, pågående avslutas',
        params: idParams,
        body: userDisableRequest.nullish(),
        response: answers,
      },
    },
    async (request) => {
      const auth = await actingAsSelf(request);
      return disableUser(db, auth, request.id, request.params.id, request.body?.reason ?? null);
    },
  );

  r.post(
    '/user/:id/enable',
    {
      config: { requires: userAdminRights.edit },
      schema: {
        tags: ['user'],
        summary: 'Aktivera ett avstängt konto',
        params: idParams,
        response: answers,
      },
    },
    async (request) => {
      const auth = await actingAsSelf(request);
      return enableUser(db, auth, request.id, request.params.id);
    },
  );

  r.post(
    '/user/:id/node/:nodeId',
    {
      config: { requires: userAdminRights.editGroups },
      schema: {
        tags: ['user'],
        summary: 'Lägg till i en grupp',
        params: userNodeParams,
        response: answers,
      },
    },
    async (request) => {
      const auth = await actingAsSelf(request);
      const { id, nodeId } = request.params;
      return addUserNodes(db, auth, request.id, id, [nodeId]);
    },
  );

  r.delete(
    '/user/:id/node/:nodeId',
    {
      config: { requires: userAdminRights.editGroups },
      schema: {
        tags: ['user'],
        summary: 'Ta bort ur en grupp',
        params: userNodeParams,
        response: answers,
      },
    },
    async (request) => {
      const auth = await actingAsSelf(request);
      const { id, nodeId } = request.params;
      return removeUserNodes(db, auth, request.id, id, [nodeId]);
    },
  );

  r.post(
    '/user/:id/node-bulk',
    {
      config: { requires: userAdminRights.editGroups },
      schema: {
        tags: ['user'],
        summary: 'Lägg till i flera grupper',
        params: idParams,
        body: nodeBulkRequest,
        response: answers,
      },
    },
    async (request) => {
      const auth = await actingAsSelf(request);
      return addUserNodes(db, auth, request.id, request.params.id, request.body.nodeIds);
    },
  );

  r.post(
    '/user/:id/node-bulk-remove',
    {
      config: { requires: userAdminRights.editGroups },
      schema: {
        tags: ['user'],
        summary: 'Ta bort ur flera grupper',
        params: idParams,
        body: nodeBulkRequest,
        response: answers,
      },
    },
    async (request) => {
      const auth = await actingAsSelf(request);
      return removeUserNodes(db, auth, request.id, request.params.id, request.body.nodeIds);
    },
  );

  r.post(
    '/user/:id/role/:roleId',
    {
      config: { requires: userAdminRights.editRoles },
      schema: {
        tags: ['user'],
        summary: 'Ge en roll (en andra huvudroll bara med replace=true, som byter ut den gamla)',
        params: userRoleParams,
        querystring: userRoleGrantQuery,
        response: answers,
      },
    },
    async (request) => {
      const auth = await actingAsSelf(request);
      const { id, roleId } = request.params;
      return grantUserRole(db, auth, request.id, id, roleId, { replace: request.query.replace });
    },
  );

  r.delete(
    '/user/:id/role/:roleId',
    {
      config: { requires: userAdminRights.editRoles },
      schema: {
        tags: ['user'],
        summary: 'Ta bort en roll',
        params: userRoleParams,
        response: answers,
      },
    },
    async (request) => {
      const auth = await actingAsSelf(request);
      const { id, roleId } = request.params;
      return revokeUserRole(db, auth, request.id, id, roleId);
    },
  );

  r.post(
    '/user/:id/capability/:cap',
    {
      config: { requires: userAdminRights.editCapabilities },
      schema: {
        tags: ['user'],
        summary: 'Egen rättighet för användaren: bevilja (true) eller neka (false)',
        params: userCapabilityParams,
        body: capabilityValueRequest,
        response: answers,
      },
    },
    async (request) => {
      const auth = await actingAsSelf(request);
      const { id, cap } = request.params;
      return changeUserCapability(db, auth, request.id, id, cap, request.body.value);
    },
  );

  r.delete(
    '/user/:id/capability/:cap',
    {
      config: { requires: userAdminRights.editCapabilities },
      schema: {
        tags: ['user'],
        summary: 'Ta bort användarens egen rättighet (rollerna gäller då)',
        params: userCapabilityParams,
        response: answers,
      },
    },
    async (request) => {
      const auth = await actingAsSelf(request);
      const { id, cap } = request.params;
      return changeUserCapability(db, auth, request.id, id, cap, null);
    },
  );

  for (const [method, link] of [
    ['post', true],
    ['delete', false],
  ] as const) {
    r[method](
      '/user/:id/category/:catId',
      {
        config: { requires: userAdminRights.edit },
        schema: {
          tags: ['user'],
          summary: link ? 'Koppla en kategori' : 'Ta bort en kategori',
          params: userCategoryParams,
          response: answers,
        },
      },
      async (request) => {
        const auth = await actingAsSelf(request);
        const { id, catId } = request.params;
        return changeUserCategory(db, auth, request.id, id, catId, link);
      },
    );
  }
}

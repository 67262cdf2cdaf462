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
  type CapabilityKey,
} from '@skolportalen/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { assertAdminister } from '../../identity/admin-access';
import { authOf } from '../../identity/authenticate';
import { errors } from '../../http/errors';
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
import { canReadUser } from './users.policy';

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

  /** Admin status and the finer right first, so a refusal never depends on what exists. */
  async function authorize(request: FastifyRequest, finer: CapabilityKey) {
    const auth = authOf(request);
    assertAdminister(auth.user, { notDenied: [finer] });
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
      if (!canReadUser(user, request.params.id)) throw errors.forbidden();
      return presentUserDetail(await userDetailOrThrow(db, request.params.id), user);
    },
  );

  r.put(
    '/user/:id',
    {
      schema: {
        tags: ['user'],
        summary: 'Ändra namn och e-postadress',
        params: idParams,
        body: userUpdateRequest,
        response: answers,
      },
    },
    async (request) => {
      const auth = await authorize(request, 'user_edit');
      return updateUser(db, auth, request.id, request.params.id, request.body);
    },
  );

  r.post(
    '/user/:id/disable',
    {
      schema: {
        tags: ['user'],
        summary: 'Stäng av kontot: inga inloggningar, pågående avslutas',
        params: idParams,
        body: userDisableRequest.nullish(),
        response: answers,
      },
    },
    async (request) => {
      const auth = await authorize(request, 'user_edit');
      return disableUser(db, auth, request.id, request.params.id, request.body?.reason ?? null);
    },
  );

  r.post(
    '/user/:id/enable',
    {
      schema: {
        tags: ['user'],
        summary: 'Aktivera ett avstängt konto',
        params: idParams,
        response: answers,
      },
    },
    async (request) => {
      const auth = await authorize(request, 'user_edit');
      return enableUser(db, auth, request.id, request.params.id);
    },
  );

  r.post(
    '/user/:id/node/:nodeId',
    {
      schema: {
        tags: ['user'],
        summary: 'Lägg till i en grupp',
        params: userNodeParams,
        response: answers,
      },
    },
    async (request) => {
      const auth = await authorize(request, 'user_group_edit');
      const { id, nodeId } = request.params;
      return addUserNodes(db, auth, request.id, id, [nodeId]);
    },
  );

  r.delete(
    '/user/:id/node/:nodeId',
    {
      schema: {
        tags: ['user'],
        summary: 'Ta bort ur en grupp',
        params: userNodeParams,
        response: answers,
      },
    },
    async (request) => {
      const auth = await authorize(request, 'user_group_edit');
      const { id, nodeId } = request.params;
      return removeUserNodes(db, auth, request.id, id, [nodeId]);
    },
  );

  r.post(
    '/user/:id/node-bulk',
    {
      schema: {
        tags: ['user'],
        summary: 'Lägg till i flera grupper',
        params: idParams,
        body: nodeBulkRequest,
        response: answers,
      },
    },
    async (request) => {
      const auth = await authorize(request, 'user_group_edit');
      return addUserNodes(db, auth, request.id, request.params.id, request.body.nodeIds);
    },
  );

  r.post(
    '/user/:id/node-bulk-remove',
    {
      schema: {
        tags: ['user'],
        summary: 'Ta bort ur flera grupper',
        params: idParams,
        body: nodeBulkRequest,
        response: answers,
      },
    },
    async (request) => {
      const auth = await authorize(request, 'user_group_edit');
      return removeUserNodes(db, auth, request.id, request.params.id, request.body.nodeIds);
    },
  );

  r.post(
    '/user/:id/role/:roleId',
    {
      schema: {
        tags: ['user'],
        summary: 'Ge en roll (en andra huvudroll bara med replace=true, som byter ut den gamla)',
        params: userRoleParams,
        querystring: userRoleGrantQuery,
        response: answers,
      },
    },
    async (request) => {
      const auth = await authorize(request, 'user_role_edit');
      const { id, roleId } = request.params;
      return grantUserRole(db, auth, request.id, id, roleId, { replace: request.query.replace });
    },
  );

  r.delete(
    '/user/:id/role/:roleId',
    {
      schema: {
        tags: ['user'],
        summary: 'Ta bort en roll',
        params: userRoleParams,
        response: answers,
      },
    },
    async (request) => {
      const auth = await authorize(request, 'user_role_edit');
      const { id, roleId } = request.params;
      return revokeUserRole(db, auth, request.id, id, roleId);
    },
  );

  r.post(
    '/user/:id/capability/:cap',
    {
      schema: {
        tags: ['user'],
        summary: 'Egen rättighet för användaren: bevilja (true) eller neka (false)',
        params: userCapabilityParams,
        body: capabilityValueRequest,
        response: answers,
      },
    },
    async (request) => {
      const auth = await authorize(request, 'user_capability_edit');
      const { id, cap } = request.params;
      return changeUserCapability(db, auth, request.id, id, cap, request.body.value);
    },
  );

  r.delete(
    '/user/:id/capability/:cap',
    {
      schema: {
        tags: ['user'],
        summary: 'Ta bort användarens egen rättighet (rollerna gäller då)',
        params: userCapabilityParams,
        response: answers,
      },
    },
    async (request) => {
      const auth = await authorize(request, 'user_capability_edit');
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
        schema: {
          tags: ['user'],
          summary: link ? 'Koppla en kategori' : 'Ta bort en kategori',
          params: userCategoryParams,
          response: answers,
        },
      },
      async (request) => {
        const auth = await authorize(request, 'user_edit');
        const { id, catId } = request.params;
        return changeUserCategory(db, auth, request.id, id, catId, link);
      },
    );
  }
}

import { capabilityCatalogue, capabilityLabel, isCapabilityKey } from '@skolportalen/shared';
import { roleEndpoints } from '@skolportalen/shared/endpoints/roles';
import { roleSchemas } from '@skolportalen/shared/endpoints/roles.schemas';
import type { FastifyInstance } from 'fastify';
import { authOf } from '../../identity/authenticate';
import { can } from '../../identity/authorize';
import { registerEndpoints } from '../../http/endpoint-routes';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { assertActingAsSelf } from '../../identity/session-policy';
import { roleCan, rolesPolicy } from './roles.policy';
import { listCapabilityKeys, listRoles } from './roles.repo';
import { changeRoleCapability, createRole, removeRole } from './roles.service';

/** `/api/core/v1/role` and `/capability`: roles and their rights. */
export async function roleRoutes(app: FastifyInstance, { db }: RouteDeps) {
  registerEndpoints(app, roleEndpoints, roleSchemas, {
    list: async (request, reply) => {
      const { user } = authOf(request);
      const withRights = can(user, rolesPolicy.seeRights);
      const roles = await listRoles(db, withRights);
      reply.headers(paginationTotal(roles.length));
      return withRights ? roles.map((role) => ({ ...role, can: roleCan(user, role.key) })) : roles;
    },
    create: {
      config: { requires: rolesPolicy.create },
      handler: async (request) => {
        const auth = authOf(request);
        await assertActingAsSelf(db, auth);
        const role = await createRole(db, auth, request.id, request.body);
        return { ...role, can: roleCan(auth.user, role.key) };
      },
    },
    remove: {
      config: { requires: rolesPolicy.remove },
      handler: async (request) => {
        const auth = authOf(request);
        await assertActingAsSelf(db, auth);
        await removeRole(db, auth, request.id, request.params.id);
        return { ok: true as const };
      },
    },
    setCapability: {
      config: { requires: rolesPolicy.changeCapabilities },
      handler: async (request) => {
        const auth = authOf(request);
        await assertActingAsSelf(db, auth);
        const { id, cap } = request.params;
        const role = await changeRoleCapability(db, auth, request.id, id, cap, request.body.value);
        return { ...role, can: roleCan(auth.user, role.key) };
      },
    },
    removeCapability: {
      config: { requires: rolesPolicy.changeCapabilities },
      handler: async (request) => {
        const auth = authOf(request);
        await assertActingAsSelf(db, auth);
        const { id, cap } = request.params;
        const role = await changeRoleCapability(db, auth, request.id, id, cap, null);
        return { ...role, can: roleCan(auth.user, role.key) };
      },
    },
    capabilities: async (_request, reply) => {
      const rows = await listCapabilityKeys(db);
      const list = rows
        .map((row) => row.key)
        .filter(isCapabilityKey)
        .map((key) => ({ key, group: capabilityCatalogue[key], label: capabilityLabel(key) }));
      reply.headers(paginationTotal(list.length));
      return list;
    },
  });
}

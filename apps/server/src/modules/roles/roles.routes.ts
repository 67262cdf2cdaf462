import {
  capabilityCatalogue,
  capabilityLabel,
  capabilityResponse,
  capabilityValueRequest,
  errorBody,
  idParams,
  isCapabilityKey,
  okBody,
  roleCapabilityParams,
  roleCreateRequest,
  roleResponse,
  z,
} from '@skolportalen/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../identity/authenticate';
import { can } from '../../identity/authorize';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { assertActingAsSelf } from '../../identity/session-policy';
import { roleCan, rolesPolicy } from './roles.policy';
import { listCapabilityKeys, listRoles } from './roles.repo';
import { changeRoleCapability, createRole, removeRole } from './roles.service';

const writeErrors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
};

/** `/api/core/v1/role` and `/capability`: roles and their rights. */
export async function roleRoutes(app: FastifyInstance, { db }: RouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/role',
    {
      schema: {
        tags: ['role'],
        summary: 'Roller (med rättigheter för den som har role_list)',
        response: { 200: z.array(roleResponse), 401: errorBody },
      },
    },
    async (request, reply) => {
      const { user } = authOf(request);
      const withRights = can(user, rolesPolicy.seeRights);
      const roles = await listRoles(db, withRights);
      reply.headers(paginationTotal(roles.length));
      return withRights ? roles.map((role) => ({ ...role, can: roleCan(user, role.key) })) : roles;
    },
  );

  r.post(
    '/role',
    {
      config: { requires: rolesPolicy.create },
      schema: {
        tags: ['role'],
        summary: 'Skapa en roll',
        body: roleCreateRequest,
        response: { 200: roleResponse, ...writeErrors },
      },
    },
    async (request) => {
      const auth = authOf(request);
      await assertActingAsSelf(db, auth);
      const role = await createRole(db, auth, request.id, request.body);
      return { ...role, can: roleCan(auth.user, role.key) };
    },
  );

  r.delete(
    '/role/:id',
    {
      config: { requires: rolesPolicy.remove },
      schema: {
        tags: ['role'],
        summary: 'Ta bort en roll som ingen har',
        params: idParams,
        response: { 200: okBody, ...writeErrors },
      },
    },
    async (request) => {
      const auth = authOf(request);
      await assertActingAsSelf(db, auth);
      await removeRole(db, auth, request.id, request.params.id);
      return { ok: true as const };
    },
  );

  r.post(
    '/role/:id/capability/:cap',
    {
      config: { requires: rolesPolicy.changeCapabilities },
      schema: {
        tags: ['role'],
        summary: 'Bevilja (true) eller neka (false) en rättighet för en roll',
        params: roleCapabilityParams,
        body: capabilityValueRequest,
        response: { 200: roleResponse, ...writeErrors },
      },
    },
    async (request) => {
      const auth = authOf(request);
      await assertActingAsSelf(db, auth);
      const { id, cap } = request.params;
      const role = await changeRoleCapability(db, auth, request.id, id, cap, request.body.value);
      return { ...role, can: roleCan(auth.user, role.key) };
    },
  );

  r.delete(
    '/role/:id/capability/:cap',
    {
      config: { requires: rolesPolicy.changeCapabilities },
      schema: {
        tags: ['role'],
        summary: 'Ta bort en rättighet från en roll (den saknas då)',
        params: roleCapabilityParams,
        response: { 200: roleResponse, ...writeErrors },
      },
    },
    async (request) => {
      const auth = authOf(request);
      await assertActingAsSelf(db, auth);
      const { id, cap } = request.params;
      const role = await changeRoleCapability(db, auth, request.id, id, cap, null);
      return { ...role, can: roleCan(auth.user, role.key) };
    },
  );

  r.get(
    '/capability',
    {
      schema: {
        tags: ['capability'],
        summary: 'Alla rättigheter, grupperade, med svenska namn',
        response: { 200: z.array(capabilityResponse), 401: errorBody },
      },
    },
    async (_request, reply) => {
      const rows = await listCapabilityKeys(db);
      const list = rows
        .map((row) => row.key)
        .filter(isCapabilityKey)
        .map((key) => ({ key, group: capabilityCatalogue[key], label: capabilityLabel(key) }));
      reply.headers(paginationTotal(list.length));
      return list;
    },
  );
}

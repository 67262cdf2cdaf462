import {
  capabilityCatalogue,
  capabilityLabel,
  capabilityResponse,
  errorBody,
  hasCapability,
  isCapabilityKey,
  roleResponse,
  z,
} from '@skolportalen/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authenticate';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { listCapabilityKeys, listRoles } from './roles.repo';

/** `/api/core/v1/role` and `/capability`: read side of roles and rights. */
export async function roleRoutes(app: FastifyInstance, { db }: RouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/role',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['role'],
        summary: 'Roller (med rättigheter för den som har role_list)',
        response: { 200: z.array(roleResponse), 401: errorBody },
      },
    },
    async (request, reply) => {
      const { user } = authOf(request);
      const roles = await listRoles(db, hasCapability(user.capabilities, 'role_list'));
      reply.headers(paginationTotal(roles.length));
      return roles;
    },
  );

  r.get(
    '/capability',
    {
      onRequest: [app.authenticate],
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

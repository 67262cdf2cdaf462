import { nodeSortColumns, sv } from '@skolportalen/shared';
import { nodeEndpoints } from '@skolportalen/shared/endpoints/nodes';
import { nodeSchemas } from '@skolportalen/shared/endpoints/nodes.schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoints } from '../../http/endpoint-routes';
import { administers } from '../../identity/admin-access';
import { authOf } from '../../identity/authenticate';
import { sortOrThrow } from '../../http/list-sort';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { assertActingAsSelf } from '../../identity/session-policy';
import { authorize } from '../../identity/authorize';
import { identityScopeOf } from '../../identity/protected-identity';
import { errors } from '../../http/errors';
import { isGroupMember, listGroupMembers } from './group-members.repo';
import { nodesPolicy } from './nodes.policy';
import { findNode, listNodes, presentNode } from './nodes.repo';
import { createNode, deleteNode, nodeTree, updateNode } from './nodes.service';

/** The groups tree is changed by administrators whose node_edit is not denied. */
const editsNodes = administers({ notDenied: ['node_edit'] });

/** `/api/core/v1/node`: the groups tree (schools, classes, teaching groups). */
export async function nodeRoutes(app: FastifyInstance, { db }: RouteDeps) {
  /** After the route's required right: changes are made by the person themselves. */
  async function actingAsSelf(request: FastifyRequest) {
    const auth = authOf(request);
    await assertActingAsSelf(db, auth);
    return auth;
  }

  registerEndpoints(app, nodeEndpoints, nodeSchemas, {
    list: async (request, reply) => {
      const sort = sortOrThrow(request.query.sort, nodeSortColumns, [
        { column: 'name', direction: 'ASC' },
      ]);
      const { rows, total } = await listNodes(db, request.query, sort);
      reply.headers(paginationTotal(total));
      const nodes = rows.map(presentNode);
      return request.query.tree ? nodeTree(nodes) : nodes;
    },
    members: async (request) => {
      const { user } = authOf(request);
      const group = await findNode(db, request.params.id);
      if (!group) throw errors.notFound(sv.admin.errors.nodeNotFound);
      authorize(user, nodesPolicy.readMembers, {
        actorIsMember: await isGroupMember(db, user.id, group.id),
      });
      const scope = await identityScopeOf(db, user);
      return {
        group: { id: group.id, name: group.name, type: group.type },
        members: await listGroupMembers(db, scope, group.id),
      };
    },
    create: {
      config: { requires: editsNodes },
      handler: async (request) => {
        const auth = await actingAsSelf(request);
        return createNode(db, auth, request.id, request.body);
      },
    },
    update: {
      config: { requires: editsNodes },
      handler: async (request) => {
        const auth = await actingAsSelf(request);
        return updateNode(db, auth, request.id, request.params.id, request.body);
      },
    },
    remove: {
      config: { requires: editsNodes },
      handler: async (request) => {
        const auth = await actingAsSelf(request);
        await deleteNode(db, auth, request.id, request.params.id);
        return { ok: true as const };
      },
    },
  });
}

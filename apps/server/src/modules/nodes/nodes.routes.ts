import {
  errorBody,
  idParams,
  nodeCreateRequest,
  nodeListQuery,
  nodeListResponse,
  nodeResponse,
  nodeSortColumns,
  nodeUpdateRequest,
  okBody,
} from '@skolportalen/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { administers } from '../../identity/admin-access';
import { authOf } from '../../identity/authenticate';
import { sortOrThrow } from '../../http/list-sort';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { assertActingAsSelf } from '../../identity/session-policy';
import { listNodes, presentNode } from './nodes.repo';
import { createNode, deleteNode, nodeTree, updateNode } from './nodes.service';

const writeErrors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
};

/** The groups tree is changed by administrators whose node_edit is not denied. */
const editsNodes = administers({ notDenied: ['node_edit'] });

/** `/api/core/v1/node`: the groups tree (schools, classes, teaching groups). */
export async function nodeRoutes(app: FastifyInstance, { db }: RouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** After the route's required right: changes are made by the person themselves. */
  async function actingAsSelf(request: FastifyRequest) {
    const auth = authOf(request);
    await assertActingAsSelf(db, auth);
    return auth;
  }

  r.get(
    '/node',
    {
      schema: {
        tags: ['node'],
        summary: 'Grupper, filtrerade och sorterade; med tree=true som träd (children)',
        querystring: nodeListQuery,
        response: { 200: nodeListResponse, 400: errorBody, 401: errorBody },
      },
    },
    async (request, reply) => {
      const sort = sortOrThrow(request.query.sort, nodeSortColumns, [
        { column: 'name', direction: 'ASC' },
      ]);
      const { rows, total } = await listNodes(db, request.query, sort);
      reply.headers(paginationTotal(total));
      const nodes = rows.map(presentNode);
      return request.query.tree ? nodeTree(nodes) : nodes;
    },
  );

  r.post(
    '/node',
    {
      config: { requires: editsNodes },
      schema: {
        tags: ['node'],
        summary: 'Skapa en grupp',
        body: nodeCreateRequest,
        response: { 200: nodeResponse, ...writeErrors },
      },
    },
    async (request) => {
      const auth = await actingAsSelf(request);
      return createNode(db, auth, request.id, request.body);
    },
  );

  r.put(
    '/node/:id',
    {
      config: { requires: editsNodes },
      schema: {
        tags: ['node'],
        summary: 'Byt namn, typ eller plats i trädet',
        params: idParams,
        body: nodeUpdateRequest,
        response: { 200: nodeResponse, ...writeErrors },
      },
    },
    async (request) => {
      const auth = await actingAsSelf(request);
      return updateNode(db, auth, request.id, request.params.id, request.body);
    },
  );

  r.delete(
    '/node/:id',
    {
      config: { requires: editsNodes },
      schema: {
        tags: ['node'],
        summary: 'Ta bort en grupp som inget hänger på',
        params: idParams,
        response: { 200: okBody, ...writeErrors },
      },
    },
    async (request) => {
      const auth = await actingAsSelf(request);
      await deleteNode(db, auth, request.id, request.params.id);
      return { ok: true as const };
    },
  );
}

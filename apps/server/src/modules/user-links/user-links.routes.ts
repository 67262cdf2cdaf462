import {
  errorBody,
  idParams,
  linkResponse,
  linkSortRequest,
  userLinkParams,
  userLinksQuery,
  z,
} from '@skolportalen/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, type Actor } from '../../identity/actor';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import {
  addToUserList,
  readUserList,
  removeFromUserList,
  sortUserList,
} from './user-links.service';

const list = z.array(linkResponse);
const errorResponses = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/**
 * `/api/core/v1/user/links` and `/user/{id}/link…`: a user's own tool list —
 * optional tools they added, and the order of their grid. Every answer is the
 * list as it now stands.
 */
export async function userLinkRoutes(app: FastifyInstance, { db }: RouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function answer(
    reply: FastifyReply,
    actor: Actor,
    ownerId: number,
    types?: ('tool' | 'google-tool')[],
  ) {
    const links = await readUserList(db, actor.user, ownerId, types);
    reply.headers(paginationTotal(links.length));
    return links;
  }

  r.get(
    '/user/links',
    {
      schema: {
        tags: ['user'],
        summary: 'Mina verktyg i min ordning',
        querystring: userLinksQuery,
        response: { 200: list, ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      return answer(reply, actor, actor.user.id, request.query.type);
    },
  );

  r.post(
    '/user/links/:id',
    {
      schema: {
        tags: ['user'],
        summary: 'Lägg till ett valfritt verktyg i min lista',
        params: idParams,
        response: { 200: list, ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      await addToUserList(db, actor, actor.user.id, request.params.id);
      return answer(reply, actor, actor.user.id);
    },
  );

  r.delete(
    '/user/links/:id',
    {
      schema: {
        tags: ['user'],
        summary: 'Ta bort ett valfritt verktyg ur min lista',
        params: idParams,
        response: { 200: list, ...errorResponses, 409: errorBody },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      await removeFromUserList(db, actor, actor.user.id, request.params.id);
      return answer(reply, actor, actor.user.id);
    },
  );

  r.get(
    '/user/:id/links',
    {
      schema: {
        tags: ['user'],
        summary: 'En användares verktyg (egna, eller med user_list)',
        params: idParams,
        querystring: userLinksQuery,
        response: { 200: list, ...errorResponses },
      },
    },
    async (request, reply) =>
      answer(reply, actorOf(request), request.params.id, request.query.type),
  );

  r.post(
    '/user/:id/link/:linkId',
    {
      schema: {
        tags: ['user'],
        summary: 'Lägg till ett verktyg i en användares lista',
        params: userLinkParams,
        response: { 200: list, ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      await addToUserList(db, actor, request.params.id, request.params.linkId);
      return answer(reply, actor, request.params.id);
    },
  );

  r.delete(
    '/user/:id/link/:linkId',
    {
      schema: {
        tags: ['user'],
        summary: 'Ta bort ett verktyg ur en användares lista',
        params: userLinkParams,
        response: { 200: list, ...errorResponses, 409: errorBody },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      await removeFromUserList(db, actor, request.params.id, request.params.linkId);
      return answer(reply, actor, request.params.id);
    },
  );

  r.post(
    '/user/:id/link-sort',
    {
      schema: {
        tags: ['user'],
        summary: 'Sortera en användares verktyg',
        params: idParams,
        body: linkSortRequest,
        response: { 200: list, ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      await sortUserList(db, actor, request.params.id, request.body.linkIds);
      return answer(reply, actor, request.params.id);
    },
  );
}

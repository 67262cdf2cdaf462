import { userLinkEndpoints } from '@skolportalen/shared/endpoints/user-links';
import { userLinkSchemas } from '@skolportalen/shared/endpoints/user-links.schemas';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { actorOf, type Actor } from '../../identity/actor';
import { authOf, type AuthContext } from '../../identity/authenticate';
import { registerEndpoints } from '../../http/endpoint-routes';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { assertPersonShown } from '../../identity/protected-identity';
import {
  addToUserList,
  readUserList,
  removeFromUserList,
  sortUserList,
} from './user-links.service';

/**
 * `/api/core/v1/user/links` and `/user/{id}/link…`: a user's own tool list —
 * optional tools they added, and the order of their grid. Every answer is the
 * list as it now stands.
 */
export async function userLinkRoutes(app: FastifyInstance, { db }: RouteDeps) {
  async function answer(
    reply: FastifyReply,
    actor: Actor,
    ownerId: number,
    types?: ('tool' | 'google-tool')[],
    /** A read only: the answers after a change read the tools from the database. */
    auth?: AuthContext,
  ) {
    const links = await readUserList(db, actor.user, ownerId, types, undefined, auth);
    reply.headers(paginationTotal(links.length));
    return links;
  }

  registerEndpoints(app, userLinkEndpoints, userLinkSchemas, {
    mine: async (request, reply) => {
      const actor = actorOf(request);
      return answer(reply, actor, actor.user.id, request.query.type, authOf(request));
    },
    addMine: async (request, reply) => {
      const actor = actorOf(request);
      await addToUserList(db, actor, actor.user.id, request.params.id);
      return answer(reply, actor, actor.user.id);
    },
    removeMine: async (request, reply) => {
      const actor = actorOf(request);
      await removeFromUserList(db, actor, actor.user.id, request.params.id);
      return answer(reply, actor, actor.user.id);
    },
    ofUser: async (request, reply) => {
      const actor = actorOf(request);
      await assertPersonShown(db, actor.user, request.params.id);
      return answer(reply, actor, request.params.id, request.query.type, authOf(request));
    },
    addToUser: async (request, reply) => {
      const actor = actorOf(request);
      await assertPersonShown(db, actor.user, request.params.id);
      await addToUserList(db, actor, request.params.id, request.params.linkId);
      return answer(reply, actor, request.params.id);
    },
    removeFromUser: async (request, reply) => {
      const actor = actorOf(request);
      await assertPersonShown(db, actor.user, request.params.id);
      await removeFromUserList(db, actor, request.params.id, request.params.linkId);
      return answer(reply, actor, request.params.id);
    },
    sort: async (request, reply) => {
      const actor = actorOf(request);
      await assertPersonShown(db, actor.user, request.params.id);
      await sortUserList(db, actor, request.params.id, request.body.linkIds);
      return answer(reply, actor, request.params.id);
    },
  });
}

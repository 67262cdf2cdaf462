import { ownDetailsEndpoints, profileEndpoints } from '@skolportalen/shared/endpoints/profile';
import { ownDetailsSchemas, profileSchemas } from '@skolportalen/shared/endpoints/profile.schemas';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../identity/actor';
import { authOf } from '../../identity/authenticate';
import { assertActingAsSelf } from '../../identity/session-policy';
import { registerEndpoints } from '../../http/endpoint-routes';
import { errors } from '../../http/errors';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { loadAuthUser } from '../../identity/auth-user.repo';
import { completeCurrentUser, loadCurrentUser } from '../users/current-user.service';
import {
  chooseMainSchool,
  myInterests,
  mySchools,
  setInterests,
  setOwnLanguage,
  updateOwnDetails,
} from './profile.service';
import { ContentLanguages } from '../translations/content-languages';
import { profilePolicy } from './profile.policy';

/** `/api/core/v1/user/schools`, `/user/main-school` and `/user/interests`: the profile pages' settings. */
export async function profileRoutes(app: FastifyInstance, { db, config }: RouteDeps) {
  const languages = new ContentLanguages(config.contentLanguages);
  registerEndpoints(app, profileEndpoints, profileSchemas, {
    mySchools: async (request) => mySchools(db, authOf(request).user.id),
    chooseMainSchool: async (request) => {
      const actor = actorOf(request);
      await chooseMainSchool(db, actor, request.body.nodeId);
      return mySchools(db, actor.user.id);
    },
    interests: {
      config: { requires: profilePolicy.setInterests },
      handler: async (request, reply) => {
        const { user } = authOf(request);
        const list = await myInterests(db, user.id);
        reply.headers(paginationTotal(list.length));
        return list;
      },
    },
    setInterests: async (request, reply) => {
      const actor = actorOf(request);
      await setInterests(db, actor, request.body.nodeIds);
      const list = await myInterests(db, actor.user.id);
      reply.headers(paginationTotal(list.length));
      return list;
    },
    setLanguage: async (request) => {
      // One's own choice: not an administrator's while masked, nor a guardian's for a child.
      await assertActingAsSelf(db, authOf(request));
      return setOwnLanguage(db, actorOf(request), request.body.preferredLanguage, languages);
    },
  });
}

/** `POST /api/portal-service/v1/user/updateUser`: a user changes their own name and e-mail. */
export async function updateUserRoutes(app: FastifyInstance, { db, config }: RouteDeps) {
  const languages = new ContentLanguages(config.contentLanguages);
  registerEndpoints(app, ownDetailsEndpoints, ownDetailsSchemas, {
    update: async (request) => {
      // Not while an administrator acts as the user, nor a guardian as their child.
      await assertActingAsSelf(db, authOf(request));
      const actor = actorOf(request);
      await updateOwnDetails(db, actor, request.body, languages);
      const user = await loadAuthUser(db, actor.user.id);
      if (!user) throw errors.notFound();
      const { token, session } = authOf(request);
      // Read after the write: the categories as they stand now, not as the session counter kept them.
      const current = await loadCurrentUser(db, user, token, undefined);
      return completeCurrentUser(db, user, session, current);
    },
  });
}

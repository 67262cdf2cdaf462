import {
  currentUserResponse,
  errorBody,
  interestsRequest,
  mainSchoolRequest,
  mySchoolsResponse,
  nodeResponse,
  updateUserRequest,
  z,
} from '@skolportalen/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../identity/actor';
import { authOf } from '../../identity/authenticate';
import { assertActingAsSelf } from '../../identity/session-policy';
import { errors } from '../../http/errors';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { loadAuthUser } from '../../identity/auth-user.repo';
import { completeCurrentUser, loadCurrentUser } from '../users/current-user.service';
import {
  chooseMainSchool,
  myInterests,
  mySchools,
  setInterests,
  updateOwnDetails,
} from './profile.service';
import { profilePolicy } from './profile.policy';

const errorResponses = { 400: errorBody, 401: errorBody, 403: errorBody };

/** `/api/core/v1/user/schools`, `/user/main-school` and `/user/interests`: the profile pages' settings. */
export async function profileRoutes(app: FastifyInstance, { db }: RouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/user/schools',
    {
      schema: {
        tags: ['user'],
        summary: 'Mina skolenheter och min huvudskola',
        response: { 200: mySchoolsResponse, 401: errorBody },
      },
    },
    async (request) => mySchools(db, authOf(request).user.id),
  );

  r.put(
    '/user/main-school',
    {
      schema: {
        tags: ['user'],
        summary: 'Välj huvudskola bland mina skolenheter',
        body: mainSchoolRequest,
        response: { 200: mySchoolsResponse, ...errorResponses },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await chooseMainSchool(db, actor, request.body.nodeId);
      return mySchools(db, actor.user.id);
    },
  );

  r.get(
    '/user/interests',
    {
      config: { requires: profilePolicy.setInterests },
      schema: {
        tags: ['user'],
        summary: 'Skolenheter vars nyheter jag följer (kräver set_intrest_unit)',
        response: { 200: z.array(nodeResponse), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = authOf(request);
      const list = await myInterests(db, user.id);
      reply.headers(paginationTotal(list.length));
      return list;
    },
  );

  r.put(
    '/user/interests',
    {
      schema: {
        tags: ['user'],
        summary: 'Ersätt mina intresseenheter',
        body: interestsRequest,
        response: { 200: z.array(nodeResponse), ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      await setInterests(db, actor, request.body.nodeIds);
      const list = await myInterests(db, actor.user.id);
      reply.headers(paginationTotal(list.length));
      return list;
    },
  );
}

/** `POST /api/portal-service/v1/user/updateUser`: a user changes their own name and e-mail. */
export async function updateUserRoutes(app: FastifyInstance, { db }: RouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/user/updateUser',
    {
      schema: {
        tags: ['user'],
        summary: 'Ändra mitt namn och min e-postadress',
        body: updateUserRequest,
        response: { 200: currentUserResponse, ...errorResponses, 404: errorBody },
      },
    },
    async (request) => {
      // Not while an administrator acts as the user, nor a guardian as their child.
      await assertActingAsSelf(db, authOf(request));
      const actor = actorOf(request);
      await updateOwnDetails(db, actor, request.body);
      const user = await loadAuthUser(db, actor.user.id);
      if (!user) throw errors.notFound();
      const { token, session } = authOf(request);
      return completeCurrentUser(db, user, session, await loadCurrentUser(db, user, token));
    },
  );
}

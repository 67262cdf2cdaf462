import { ownSignInEndpoints } from '@skolportalen/shared/endpoints/own-sign-ins';
import { ownSignInSchemas } from '@skolportalen/shared/endpoints/own-sign-ins.schemas';
import type { FastifyInstance } from 'fastify';
import { authOf } from '../../identity/authenticate';
import { registerEndpoints } from '../../http/endpoint-routes';
import { requestMeta } from '../../http/request-meta';
import type { RouteDeps } from '../../http/route-deps';
import { assertActingAsSelf } from '../../identity/session-policy';
import { endOtherSignIns, endOwnSignIn, listOwnSignIns } from './own-sign-ins.service';

/**
 * `/api/portal-service/v1/user/sign-ins`: the person's own sign-ins in every
 * browser (ASVS 7.5.2). Only the person themselves: never an administrator
 * acting as them (who would see their addresses and could sign them out), nor
 * a guardian acting as their child.
 */
export async function ownSignInRoutes(app: FastifyInstance, { db, config }: RouteDeps) {
  const idle = { idleMs: config.sessionIdleMs };

  registerEndpoints(app, ownSignInEndpoints, ownSignInSchemas, {
    list: async (request) => {
      const auth = authOf(request);
      await assertActingAsSelf(db, auth);
      return listOwnSignIns(db, auth, idle);
    },
    end: async (request) => {
      const auth = authOf(request);
      await assertActingAsSelf(db, auth);
      return endOwnSignIn(db, auth, request.params.id, idle, requestMeta(request));
    },
    endOthers: async (request) => {
      const auth = authOf(request);
      await assertActingAsSelf(db, auth);
      return endOtherSignIns(db, auth, idle, requestMeta(request));
    },
  });
}

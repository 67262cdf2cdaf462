import { endOwnSignInsResponse, errorBody, ownSignInList, z } from '@skolportalen/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../identity/authenticate';
import { requestMeta } from '../../http/request-meta';
import type { RouteDeps } from '../../http/route-deps';
import { assertActingAsSelf } from '../../identity/session-policy';
import { endOtherSignIns, endOwnSignIn, listOwnSignIns } from './own-sign-ins.service';

const answers = { 401: errorBody, 403: errorBody };

/**
 * `/api/portal-service/v1/user/sign-ins`: the person's own sign-ins in every
 * browser (ASVS 7.5.2). Only the person themselves: never an administrator
 * acting as them (who would see their addresses and could sign them out), nor
 * a guardian acting as their child.
 */
export async function ownSignInRoutes(app: FastifyInstance, { db, config }: RouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const idle = { idleMs: config.sessionIdleMs };

  r.get(
    '/user/sign-ins',
    {
      schema: {
        tags: ['user'],
        summary: 'Mina inloggningar i alla webbläsare',
        response: { 200: ownSignInList, ...answers },
      },
    },
    async (request) => {
      const auth = authOf(request);
      await assertActingAsSelf(db, auth);
      return listOwnSignIns(db, auth, idle);
    },
  );

  r.delete(
    '/user/sign-ins/:id',
    {
      schema: {
        tags: ['user'],
        summary: 'Logga ut en av mina inloggningar i en annan webbläsare',
        params: z.strictObject({ id: z.uuid() }),
        response: {
          200: endOwnSignInsResponse,
          400: errorBody,
          404: errorBody,
          409: errorBody,
          ...answers,
        },
      },
    },
    async (request) => {
      const auth = authOf(request);
      await assertActingAsSelf(db, auth);
      return endOwnSignIn(db, auth, request.params.id, idle, requestMeta(request));
    },
  );

  r.delete(
    '/user/sign-ins',
    {
      schema: {
        tags: ['user'],
        summary: 'Logga ut alla mina inloggningar utom den här webbläsarens',
        response: { 200: endOwnSignInsResponse, ...answers },
      },
    },
    async (request) => {
      const auth = authOf(request);
      await assertActingAsSelf(db, auth);
      return endOtherSignIns(db, auth, idle, requestMeta(request));
    },
  );
}

import { requestMeta } from '../../http/request-meta';
import { feedbackEndpoints } from '@skolportalen/shared/endpoints/feedback';
import { feedbackSchemas } from '@skolportalen/shared/endpoints/feedback.schemas';
import type { FastifyInstance } from 'fastify';
import { administers } from '../../identity/admin-access';
import { authOf } from '../../identity/authenticate';
import { resolveSession } from '../../identity/session-resolution';
import { errors } from '../../http/errors';
import { registerEndpoints } from '../../http/endpoint-routes';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { sameOriginOnly } from '../../http/same-origin';
import { recordAudit } from '../audit/audit.repo';
import { identityScopeOf } from '../../identity/protected-identity';
import { realActorOf } from '../../identity/token.repo';
import { listFeedback, saveFeedback, setFeedbackStatus } from './feedback.repo';

/** Feedback is read and handled by administrators. */
const readsFeedback = administers();

/**
 * `/api/portal-service/v1/feedback`: the accessibility statement's feedback
 * function. Anyone may send (signed in or not); administrators read.
 */
export async function feedbackRoutes(app: FastifyInstance, { db, cookieOptions }: RouteDeps) {
  registerEndpoints(app, feedbackEndpoints, feedbackSchemas, {
    send: {
      onRequest: [sameOriginOnly],
      config: { rateLimit: { max: 5, timeWindow: 60_000 } },
      handler: async (request) => {
        const session = await resolveSession(db, request, cookieOptions);
        const userId = 'state' in session ? session.state.active.token.userId : null;
        const id = await saveFeedback(db, request.body, userId);
        return { id };
      },
    },
    list: {
      onRequest: [app.authenticate],
      config: { requires: readsFeedback },
      handler: async (request, reply) => {
        const scope = await identityScopeOf(db, authOf(request).user);
        const { items, total } = await listFeedback(db, scope, request.query);
        reply.headers(paginationTotal(total));
        return items;
      },
    },
    setStatus: {
      onRequest: [app.authenticate],
      config: { requires: readsFeedback },
      handler: async (request) => {
        const auth = authOf(request);
        await db.transaction(async (tx) => {
          if (!(await setFeedbackStatus(tx, request.params.id, request.body.status)))
            throw errors.notFound();
          await recordAudit(tx, {
            actorUserId: auth.user.id,
            realUserId: realActorOf(auth.token),
            action: 'feedback.status',
            entityType: 'feedback',
            entityId: request.params.id,
            after: request.body,
            ...requestMeta(request),
          });
        });
        return { ok: true as const };
      },
    },
  });
}

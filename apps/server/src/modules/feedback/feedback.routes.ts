import { requestMeta } from '../../http/request-meta';
import {
  errorBody,
  feedbackItem,
  feedbackListQuery,
  feedbackRequest,
  feedbackUpdate,
  idParams,
  okBody,
  z,
} from '@skolportalen/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { administers } from '../../identity/admin-access';
import { authOf, resolveSession } from '../../identity/authenticate';
import { errors } from '../../http/errors';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { sameOriginOnly } from '../../http/same-origin';
import { recordAudit } from '../audit/audit.repo';
import { realActorOf } from '../../identity/token.repo';
import { listFeedback, saveFeedback, setFeedbackStatus } from './feedback.repo';

/** Feedback is read and handled by administrators. */
const readsFeedback = administers();

/**
 * `/api/portal-service/v1/feedback`: the accessibility statement's feedback
 * function. Anyone may send (signed in or not); administrators read.
 */
export async function feedbackRoutes(app: FastifyInstance, { db, cookieOptions }: RouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/feedback',
    {
      onRequest: [sameOriginOnly],
      config: { rateLimit: { max: 5, timeWindow: 60_000 } },
      schema: {
        tags: ['feedback'],
        summary: 'Skicka en synpunkt om tillgänglighet',
        body: feedbackRequest,
        response: {
          201: z.object({ id: z.number() }),
          400: errorBody,
          403: errorBody,
          429: errorBody,
        },
      },
    },
    async (request, reply) => {
      const session = await resolveSession(db, request, cookieOptions);
      const userId = 'state' in session ? session.state.active.token.userId : null;
      const id = await saveFeedback(db, request.body, userId);
      return reply.status(201).send({ id });
    },
  );

  r.get(
    '/feedback',
    {
      onRequest: [app.authenticate],
      config: { requires: readsFeedback },
      schema: {
        tags: ['feedback'],
        summary: 'Synpunkter (administratörer)',
        querystring: feedbackListQuery,
        response: { 200: z.array(feedbackItem), 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request, reply) => {
      const { items, total } = await listFeedback(db, request.query);
      reply.headers(paginationTotal(total));
      return items;
    },
  );

  r.put(
    '/feedback/:id',
    {
      onRequest: [app.authenticate],
      config: { requires: readsFeedback },
      schema: {
        tags: ['feedback'],
        summary: 'Markera en synpunkt som hanterad eller ny',
        params: idParams,
        body: feedbackUpdate,
        response: { 200: okBody, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => {
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
  );
}

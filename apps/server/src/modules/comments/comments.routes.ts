import {
  commentDeleteResponse,
  commentInput,
  commentListQuery,
  commentResponse,
  errorBody,
  idParams,
  sv,
  z,
} from '@skolportalen/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../identity/authenticate';
import { AppError } from '../../http/errors';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { commentsOfPost, createComment, removeComment } from './comments.service';
import { reactionActorOf } from './reaction-target';

/** Comments one person may write per window, on all posts together. */
export const commentRateLimit = { max: 10, windowMs: 60_000 };

const readErrors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** `/api/core/v1/comment` (spec §7 "comment"): comments under news and pages. */
export async function commentRoutes(app: FastifyInstance, { db }: RouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Per person, not per address: a whole school behind one NAT still comments freely.
  const perWriter = app.createRateLimit({
    max: commentRateLimit.max,
    timeWindow: commentRateLimit.windowMs,
    keyGenerator: (request) => `comment|${authOf(request).user.id}`,
  });
  const throttleOf = (request: FastifyRequest, reply: FastifyReply) => async () => {
    const result = await perWriter(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(result.ttlInSeconds));
      throw new AppError(429, 'RATE_LIMITED', sv.comments.rateLimited);
    }
  };

  r.get(
    '/comment',
    {
      schema: {
        tags: ['comment'],
        summary: 'Kommentarerna till ett inlägg, äldst först',
        querystring: commentListQuery,
        response: { 200: z.array(commentResponse), ...readErrors },
      },
    },
    async (request, reply) => {
      const actor = await reactionActorOf(request, db);
      const { postId, ...page } = request.query;
      const { items, total } = await commentsOfPost(db, actor, postId, page);
      reply.headers(paginationTotal(total));
      return items;
    },
  );

  r.post(
    '/comment',
    {
      schema: {
        tags: ['comment'],
        summary: 'Kommentera ett inlägg (högst tio kommentarer i minuten)',
        body: commentInput,
        response: { 201: commentResponse, ...readErrors, 429: errorBody },
      },
    },
    async (request, reply) => {
      const actor = await reactionActorOf(request, db);
      const comment = await createComment(db, actor, request.body, throttleOf(request, reply));
      reply.code(201);
      return comment;
    },
  );

  r.delete(
    '/comment/:id',
    {
      schema: {
        tags: ['comment'],
        summary: 'Ta bort en kommentar (sin egen, eller alla med rätten)',
        params: idParams,
        response: { 200: commentDeleteResponse, ...readErrors },
      },
    },
    async (request) => {
      const actor = await reactionActorOf(request, db);
      return removeComment(db, actor, request.params.id);
    },
  );
}

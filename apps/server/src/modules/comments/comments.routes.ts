import { sv } from '@skolportalen/shared';
import { commentEndpoints } from '@skolportalen/shared/endpoints/comments';
import { commentSchemas } from '@skolportalen/shared/endpoints/comments.schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authOf } from '../../identity/authenticate';
import { registerEndpoints } from '../../http/endpoint-routes';
import { AppError } from '../../http/errors';
import type { RouteDeps } from '../../http/route-deps';
import { commentsOfPost, createComment, removeComment } from './comments.service';
import { reactionActorOf } from './reaction-target';

/** Comments one person may write per window, on all posts together. */
export const commentRateLimit = { max: 10, windowMs: 60_000 };

/** `/api/core/v1/comment` (spec §7 "comment"): comments under news and pages. */
export async function commentRoutes(app: FastifyInstance, { db }: RouteDeps) {
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

  registerEndpoints(app, commentEndpoints, commentSchemas, {
    list: {
      // A reading page carries the first page of its post's comments (issue 32).
      firstScreen: true,
      read: async (request) => {
        const actor = await reactionActorOf(request, db);
        const { postId, ...page } = request.query;
        const { items, total } = await commentsOfPost(db, actor, postId, page);
        return { answer: items, total };
      },
    },
    create: async (request, reply) => {
      const actor = await reactionActorOf(request, db);
      return createComment(db, actor, request.body, throttleOf(request, reply));
    },
    remove: async (request) => {
      const actor = await reactionActorOf(request, db);
      return removeComment(db, actor, request.params.id);
    },
  });
}

import { likeEndpoints } from '@skolportalen/shared/endpoints/likes';
import { likeSchemas } from '@skolportalen/shared/endpoints/likes.schemas';
import type { FastifyInstance } from 'fastify';
import { registerEndpoints } from '../../http/endpoint-routes';
import type { RouteDeps } from '../../http/route-deps';
import { reactionActorOf } from '../comments/reaction-target';
import type { LikeTarget } from './likes.repo';
import { like, likesOf, unlike } from './likes.service';

const targetOf = (value: { postId?: number; commentId?: number }): LikeTarget =>
  value.postId !== undefined ? { postId: value.postId } : { commentId: value.commentId! };

/** `/api/core/v1/like` (spec §7 "like"): likes of posts and comments. */
export async function likeRoutes(app: FastifyInstance, { db }: RouteDeps) {
  registerEndpoints(app, likeEndpoints, likeSchemas, {
    list: async (request) =>
      likesOf(db, await reactionActorOf(request, db), targetOf(request.query)),
    like: async (request) => like(db, await reactionActorOf(request, db), targetOf(request.body)),
    unlike: async (request) => unlike(db, await reactionActorOf(request, db), request.params.id),
  });
}

import { errorBody, idParams, likeInput, likeQuery, likeResponse } from '@skolportalen/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteDeps } from '../../http/route-deps';
import { reactionActorOf } from '../comments/reaction-target';
import type { LikeTarget } from './likes.repo';
import { like, likesOf, unlike } from './likes.service';

const errorResponses = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

const targetOf = (value: { postId?: number; commentId?: number }): LikeTarget =>
  value.postId !== undefined ? { postId: value.postId } : { commentId: value.commentId! };

/** `/api/core/v1/like` (spec §7 "like"): likes of posts and comments. */
export async function likeRoutes(app: FastifyInstance, { db }: RouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/like',
    {
      schema: {
        tags: ['like'],
        summary: 'Hur många som gillar ett inlägg (postId) eller en kommentar (commentId)',
        querystring: likeQuery,
        response: { 200: likeResponse, ...errorResponses },
      },
    },
    async (request) => likesOf(db, await reactionActorOf(request, db), targetOf(request.query)),
  );

  r.post(
    '/like',
    {
      schema: {
        tags: ['like'],
        summary: 'Gilla ett inlägg eller en kommentar; att gilla igen ändrar ingenting',
        body: likeInput,
        response: { 200: likeResponse, ...errorResponses },
      },
    },
    async (request) => like(db, await reactionActorOf(request, db), targetOf(request.body)),
  );

  r.delete(
    '/like/:id',
    {
      schema: {
        tags: ['like'],
        summary: 'Sluta gilla: id är gillningens eget id (likeId)',
        params: idParams,
        response: { 200: likeResponse, ...errorResponses },
      },
    },
    async (request) => unlike(db, await reactionActorOf(request, db), request.params.id),
  );
}

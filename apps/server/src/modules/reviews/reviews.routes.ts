import { reviewEndpoints } from '@skolportalen/shared/endpoints/reviews';
import { reviewSchemas } from '@skolportalen/shared/endpoints/reviews.schemas';
import type { FastifyInstance } from 'fastify';
import { registerEndpoints } from '../../http/endpoint-routes';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { actorOf } from '../../identity/actor';
import { authOf } from '../../identity/authenticate';
import { sessionPostAudience } from '../audience/session-audience';
import { registerReviewRun } from './review-run';
import {
  markReviewed,
  reviewListOf,
  reviewOfPost,
  reviewSchools,
  updateReview,
  type ReviewsContext,
} from './reviews.service';

/**
 * `/api/core/v1`: owners and review dates of posts, and each school's list of
 * what is due, overdue and unowned (issue 29, decision 0045). The nightly
 * review run is this module's job.
 */
export async function reviewRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { db, clock, jobs, config } = deps;
  const ctx: ReviewsContext = { db, settings: config.review, now: clock };
  registerReviewRun({
    db,
    jobs,
    settings: config.review,
    siteOrigin: config.siteOrigin,
    clock,
    log: app.log,
  });

  registerEndpoints(app, reviewEndpoints, reviewSchemas, {
    state: {
      config: { readOnly: true },
      handler: async (request) =>
        reviewOfPost(
          ctx,
          authOf(request).user,
          await sessionPostAudience(db, request),
          request.params.id,
        ),
    },
    update: async (request) => updateReview(ctx, actorOf(request), request.params.id, request.body),
    reviewed: async (request) => markReviewed(ctx, actorOf(request), request.params.id),
    schools: {
      config: { readOnly: true },
      handler: async (request) => reviewSchools(ctx, authOf(request).user),
    },
    list: {
      config: { readOnly: true },
      handler: async (request, reply) => {
        const { items, total } = await reviewListOf(
          ctx,
          authOf(request).user,
          request.params.id,
          request.query,
        );
        reply.headers(paginationTotal(total));
        return items;
      },
    },
  });
}

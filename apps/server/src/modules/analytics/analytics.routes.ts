import {
  analyticsConfig,
  errorBody,
  pageViewQuery,
  pageViewRequest,
  pageViewRow,
  z,
} from '@skolportalen/shared';
import { and, asc, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageViews } from '../../db/schema';
import { administers } from '../../identity/admin-access';
import type { RouteDeps } from '../../http/route-deps';

/**
 * Cookie-less page-view counts (spec §9: only on the production portal's
 * hosts, off by default). Nothing about the visitor is stored and nothing
 * leaves the portal.
 */
export async function analyticsRoutes(app: FastifyInstance, { db, config }: RouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const enabledFor = (request: FastifyRequest) =>
    config.analyticsHosts.includes(request.hostname.toLowerCase());

  r.get(
    '/analytics/config',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Om sidvisningar räknas på den här adressen',
        response: { 200: analyticsConfig },
      },
    },
    async (request) => ({ enabled: enabledFor(request) }),
  );

  r.post(
    '/analytics/pageview',
    {
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        tags: ['analytics'],
        summary: 'Räkna en sidvisning',
        body: pageViewRequest,
        response: { 204: z.null(), 400: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      if (enabledFor(request)) {
        const day = new Date().toISOString().slice(0, 10);
        await db
          .insert(pageViews)
          .values({ day, path: request.body.path, views: 1 })
          .onConflictDoUpdate({
            target: [pageViews.day, pageViews.path],
            set: { views: sql`${pageViews.views} + 1` },
          });
      }
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/analytics/pageviews',
    {
      onRequest: [app.authenticate],
      // Page views are for administrators.
      config: { requires: administers() },
      schema: {
        tags: ['analytics'],
        summary: 'Sidvisningar per dag och sida (administratörer)',
        querystring: pageViewQuery,
        response: { 200: z.array(pageViewRow), 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => {
      const conditions: SQL[] = [];
      if (request.query.from) conditions.push(gte(pageViews.day, request.query.from));
      if (request.query.to) conditions.push(lte(pageViews.day, request.query.to));
      return db
        .select()
        .from(pageViews)
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(asc(pageViews.day), asc(pageViews.path))
        .limit(10_000);
    },
  );
}

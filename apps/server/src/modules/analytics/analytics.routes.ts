import { analyticsEndpoints } from '@skolportalen/shared/endpoints/analytics';
import { analyticsSchemas } from '@skolportalen/shared/endpoints/analytics.schemas';
import { and, asc, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pageViews } from '../../db/schema';
import { administers } from '../../identity/admin-access';
import { registerEndpoints } from '../../http/endpoint-routes';
import type { RouteDeps } from '../../http/route-deps';

/**
 * Cookie-less page-view counts (spec §9: only on the production portal's
 * hosts, off by default). Nothing about the visitor is stored and nothing
 * leaves the portal.
 */
export async function analyticsRoutes(app: FastifyInstance, { db, config }: RouteDeps) {
  const enabledFor = (request: FastifyRequest) =>
    config.analyticsHosts.includes(request.hostname.toLowerCase());

  registerEndpoints(app, analyticsEndpoints, analyticsSchemas, {
    // Answered inside a signed-in reader's page too (the first screen): one request less a page.
    config: {
      read: async (request) => ({ answer: { enabled: enabledFor(request) } }),
      firstScreen: true,
    },
    pageView: {
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
      handler: async (request) => {
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
        return null;
      },
    },
    pageViews: {
      onRequest: [app.authenticate],
      // Page views are for administrators.
      config: { requires: administers() },
      handler: async (request) => {
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
    },
  });
}

import { retentionEndpoints } from '@skolportalen/shared/endpoints/retention';
import { retentionSchemas } from '@skolportalen/shared/endpoints/retention.schemas';
import type { FastifyInstance } from 'fastify';
import { registerEndpoints } from '../../http/endpoint-routes';
import type { RouteDeps } from '../../http/route-deps';
import { actorOf } from '../../identity/actor';
import { exportPosts } from './post-export';
import { retentionPolicy } from './retention.policy';
import {
  createRetentionRule,
  deleteRetentionRule,
  listRetentionRules,
  updateRetentionRule,
} from './retention-rules.service';
import { registerRetentionRun } from './retention-run';

/**
 * `/api/core/v1`: retention rules and the export to the e-archive (decision
 * 0043), for administrators with manage_retention. The nightly retention run
 * is this module's job.
 */
export async function retentionRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { db, clock, jobs, config } = deps;
  registerRetentionRun({ db, jobs, clock, log: app.log });
  const requires = { config: { requires: retentionPolicy.manage } };

  registerEndpoints(app, retentionEndpoints, retentionSchemas, {
    list: { ...requires, handler: async () => listRetentionRules(db, clock()) },
    create: {
      ...requires,
      handler: async (request) => createRetentionRule(db, actorOf(request), request.body, clock()),
    },
    update: {
      ...requires,
      handler: async (request) =>
        updateRetentionRule(db, actorOf(request), request.params.id, request.body, clock()),
    },
    remove: {
      ...requires,
      handler: async (request) => {
        await deleteRetentionRule(db, actorOf(request), request.params.id);
        return null;
      },
    },
    export: {
      ...requires,
      handler: async (request, reply) => {
        const { stream, filename } = await exportPosts(
          { db, siteOrigin: config.siteOrigin, now: clock, log: request.log },
          actorOf(request),
          request.query,
        );
        return reply
          .type('application/zip')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'no-store')
          .send(stream);
      },
    },
  });
}

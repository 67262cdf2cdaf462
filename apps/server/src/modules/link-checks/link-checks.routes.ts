import { sv } from '@skolportalen/shared';
import { brokenLinkEndpoints } from '@skolportalen/shared/endpoints/broken-links';
import { brokenLinkSchemas } from '@skolportalen/shared/endpoints/broken-links.schemas';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { authOf } from '../../identity/authenticate';
import { identityScopeOf } from '../../identity/protected-identity';
import { registerEndpoints } from '../../http/endpoint-routes';
import { errors } from '../../http/errors';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { registerLinkCheck } from './link-check-run';
import { brokenLinksPolicy, seesEverySchool } from './link-checks.policy';
import { aimedWithin, brokenLinks, ownSchoolIds } from './link-checks.repo';
import { linkOwnerOf } from './link-owner';

/**
 * `/api/core/v1/broken-link`: the links of published posts the nightly
 * check found broken (decision 0046) — one's own, and a school's per owner —
 * and the nightly check itself.
 */
export async function linkCheckRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { db, config } = deps;
  registerLinkCheck({
    db,
    jobs: deps.jobs,
    settings: config.linkCheck,
    siteOrigin: config.siteOrigin,
    clock: deps.clock,
    enabled: config.linkCheck.enabled,
  });

  registerEndpoints(app, brokenLinkEndpoints, brokenLinkSchemas, {
    mine: {
      config: { readOnly: true, requires: brokenLinksPolicy.mine },
      handler: async (request, reply) => {
        const { user } = authOf(request);
        const { items, total } = await brokenLinks(
          db,
          await identityScopeOf(db, user),
          sql`${linkOwnerOf(sql`p`)} = ${user.id}`,
          request.query,
        );
        reply.headers(paginationTotal(total));
        return items;
      },
    },
    school: {
      config: { readOnly: true, requires: brokenLinksPolicy.school },
      handler: async (request, reply) => {
        const { user } = authOf(request);
        const { schoolId } = request.query;
        let condition;
        if (seesEverySchool(user)) {
          condition = schoolId === undefined ? sql`true` : aimedWithin([schoolId]);
        } else {
          const own = await ownSchoolIds(db, user.id);
          if (schoolId !== undefined && !own.includes(schoolId))
            throw errors.forbidden(sv.brokenLinks.errors.schoolNotAllowed);
          condition = aimedWithin(schoolId === undefined ? own : [schoolId]);
        }
        const { items, total } = await brokenLinks(
          db,
          await identityScopeOf(db, user),
          condition,
          request.query,
        );
        reply.headers(paginationTotal(total));
        return items;
      },
    },
  });
}

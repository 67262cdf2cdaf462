import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../http/route-deps';
import { signedInGroup } from './signed-in';
import { jobRoutes } from '../modules/jobs/jobs.routes';

/** `/api/intranet-jobs/v1`: the background jobs (spec §7 "Intranet jobs"). */
export async function intranetJobsV1(app: FastifyInstance, options: RouteDeps) {
  // Options also carry the mount prefix, which must not reach the child plugins.
  const { prefix: _prefix, ...deps } = options as RouteDeps & { prefix?: string };
  await app.register(signedInGroup(deps, [jobRoutes]));
}

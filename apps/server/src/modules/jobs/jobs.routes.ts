import { jobEndpoints } from '@skolportalen/shared/endpoints/jobs';
import { jobSchemas } from '@skolportalen/shared/endpoints/jobs.schemas';
import type { FastifyInstance } from 'fastify';
import { administers } from '../../identity/admin-access';
import { registerEndpoints } from '../../http/endpoint-routes';
import { errors } from '../../http/errors';
import { sortOrThrow } from '../../http/list-sort';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { findJob, jobSortColumns, listJobs } from './jobs.repo';

/** The background jobs are shown to administrators. */
const administrators = administers();

/** `/api/intranet-jobs/v1/job`: the background jobs, for administrators (spec §7 "Intranet jobs"). */
export async function jobRoutes(app: FastifyInstance, { db }: RouteDeps) {
  registerEndpoints(app, jobEndpoints, jobSchemas, {
    list: {
      config: { requires: administrators },
      handler: async (request, reply) => {
        const { page, perPage, sort, state, name, from, to } = request.query;
        const terms = sortOrThrow(sort, jobSortColumns, [
          { column: 'createdAt', direction: 'DESC' },
        ]);
        const { jobs, total } = await listJobs(
          db,
          { states: state, names: name, from, to },
          terms,
          page,
          perPage,
        );
        reply.headers(paginationTotal(total));
        return jobs;
      },
    },
    get: {
      config: { requires: administrators },
      handler: async (request) => {
        const job = await findJob(db, request.params.id);
        if (!job) throw errors.notFound();
        return job;
      },
    },
  });
}

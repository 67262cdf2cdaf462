import {
  errorBody,
  jobDetailResponse,
  jobIdParams,
  jobListQuery,
  jobResponse,
  z,
} from '@skolportalen/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { administers } from '../../identity/admin-access';
import { errors } from '../../http/errors';
import { sortOrThrow } from '../../http/list-sort';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { findJob, jobSortColumns, listJobs } from './jobs.repo';

const answers = { 400: errorBody, 401: errorBody, 403: errorBody };

/** The background jobs are shown to administrators. */
const administrators = administers();

/** `/api/intranet-jobs/v1/job`: the background jobs, for administrators (spec §7 "Intranet jobs"). */
export async function jobRoutes(app: FastifyInstance, { db }: RouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/job',
    {
      config: { requires: administrators },
      schema: {
        tags: ['jobs'],
        summary:
          'Bakgrundsjobb (utskick, import, schemalagd publicering) med status, förlopp, försök och fel; filter state[], name[], from, to',
        querystring: jobListQuery,
        response: { 200: z.array(jobResponse), ...answers },
      },
    },
    async (request, reply) => {
      const { page, perPage, sort, state, name, from, to } = request.query;
      const terms = sortOrThrow(sort, jobSortColumns, [{ column: 'createdAt', direction: 'DESC' }]);
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
  );

  r.get(
    '/job/:id',
    {
      config: { requires: administrators },
      schema: {
        tags: ['jobs'],
        summary: 'Ett bakgrundsjobb med varje försök och dess fel',
        params: jobIdParams,
        response: { 200: jobDetailResponse, ...answers, 404: errorBody },
      },
    },
    async (request) => {
      const job = await findJob(db, request.params.id);
      if (!job) throw errors.notFound();
      return job;
    },
  );
}

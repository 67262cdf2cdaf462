import {
  errorBody,
  jobDetailResponse,
  jobIdParams,
  jobListQuery,
  jobResponse,
  z,
} from '@skolportalen/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { assertAdminister } from '../../identity/admin-access';
import { authOf } from '../../identity/authenticate';
import { errors } from '../../http/errors';
import { sortOrThrow } from '../../http/list-sort';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { findJob, jobSortColumns, listJobs } from './jobs.repo';

const answers = { 400: errorBody, 401: errorBody, 403: errorBody };

/** `/api/intranet-jobs/v1/job`: the background jobs, for administrators (spec §7 "Intranet jobs"). */
export async function jobRoutes(app: FastifyInstance, { db }: RouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const authorize = (request: FastifyRequest) => assertAdminister(authOf(request).user);

  r.get(
    '/job',
    {
      schema: {
        tags: ['jobs'],
        summary:
          'Bakgrundsjobb (utskick, import, schemalagd publicering) med status, förlopp, försök och fel; filter state[], name[], from, to',
        querystring: jobListQuery,
        response: { 200: z.array(jobResponse), ...answers },
      },
    },
    async (request, reply) => {
      authorize(request);
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
      schema: {
        tags: ['jobs'],
        summary: 'Ett bakgrundsjobb med varje försök och dess fel',
        params: jobIdParams,
        response: { 200: jobDetailResponse, ...answers, 404: errorBody },
      },
    },
    async (request) => {
      authorize(request);
      const job = await findJob(db, request.params.id);
      if (!job) throw errors.notFound();
      return job;
    },
  );
}

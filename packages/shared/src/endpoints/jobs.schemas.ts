import { jobDetailResponse, jobIdParams, jobListQuery, jobResponse } from '../schemas/job';
import { z } from '../schemas/zod-sv';
import { endpointSchemas } from './endpoint';

/** The background jobs, for administrators (spec §7 "Intranet jobs"); the routes are in ./jobs.ts. */
export const jobSchemas = endpointSchemas('jobs', {
  list: {
    summary:
      'Bakgrundsjobb (utskick, import, schemalagd publicering) med status, förlopp, försök och fel; filter state[], name[], from, to',
    query: jobListQuery,
    response: z.array(jobResponse),
  },
  get: {
    summary: 'Ett bakgrundsjobb med varje försök och dess fel',
    params: jobIdParams,
    response: jobDetailResponse,
  },
});

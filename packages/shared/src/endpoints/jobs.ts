import { apiRoots } from '../api-roots';
import { declareEndpoints } from './endpoint';
import type { jobSchemas } from './jobs.schemas';

/** `/api/intranet-jobs/v1/job`: the background jobs (spec §7 "Intranet jobs"). */
export const jobEndpoints = declareEndpoints<typeof jobSchemas>()(apiRoots.jobs, {
  list: 'GET /job',
  get: 'GET /job/:id',
});

import { apiRoots } from '../api-roots';
import { declareEndpoints } from './endpoint';
import type { acknowledgementSchemas } from './acknowledgements.schemas';

/** `/api/core/v1` must-read notices (decision 0040): confirming one, and who has. */
export const acknowledgementEndpoints = declareEndpoints<typeof acknowledgementSchemas>()(
  apiRoots.core,
  {
    acknowledge: 'POST /post/:id/acknowledge',
    report: 'GET /post/:id/acknowledgements',
    summary: 'GET /post/:id/acknowledgement-summary',
    reports: 'GET /acknowledgement-reports',
  },
);

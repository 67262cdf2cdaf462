import { apiRoots } from '../api-roots';
import { declareEndpoints } from './endpoint';
import type { auditSchemas } from './audit.schemas';

/** `GET /api/core/v1/audit`: who changed what and when, for administrators. */
export const auditEndpoints = declareEndpoints<typeof auditSchemas>()(apiRoots.core, {
  list: 'GET /audit',
});

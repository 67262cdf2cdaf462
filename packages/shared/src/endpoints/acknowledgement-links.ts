import { apiRoots } from '../api-roots';
import { declareEndpoints } from './endpoint';
import type { acknowledgementLinkSchemas } from './acknowledgement-links.schemas';

/** `/api/core/v1` one-click links of must-read mail (decision 0040). */
export const acknowledgementLinkEndpoints = declareEndpoints<typeof acknowledgementLinkSchemas>()(
  apiRoots.core,
  {
    view: 'GET /acknowledgement-link/:token',
    confirm: 'POST /acknowledgement-link/:token',
    revoke: 'POST /post/:id/acknowledgement-links/revoke',
  },
);

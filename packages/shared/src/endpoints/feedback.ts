import { apiRoots } from '../api-roots';
import { declareEndpoints } from './endpoint';
import type { feedbackSchemas } from './feedback.schemas';

/** `/api/portal-service/v1/feedback`: anyone sends feedback, administrators read and handle it. */
export const feedbackEndpoints = declareEndpoints<typeof feedbackSchemas>()(apiRoots.portal, {
  send: 'POST /feedback',
  list: 'GET /feedback',
  setStatus: 'PUT /feedback/:id',
});

import { apiRoots } from '../api-roots';
import { declareEndpoints } from './endpoint';
import type { reviewSchemas } from './reviews.schemas';

/** `/api/core/v1`: owners and review dates of posts, and each school's list (issue 29). */
export const reviewEndpoints = declareEndpoints<typeof reviewSchemas>()(apiRoots.core, {
  state: 'GET /post/:id/review',
  update: 'PUT /post/:id/review',
  reviewed: 'POST /post/:id/reviewed',
  schools: 'GET /content-review',
  list: 'GET /content-review/:id',
});

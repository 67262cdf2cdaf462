import { apiRoots } from '../api-roots';
import { declareEndpoints } from './endpoint';
import type { likeSchemas } from './likes.schemas';

/** `/api/core/v1/like` (spec §7 "like"): likes of posts and comments. */
export const likeEndpoints = declareEndpoints<typeof likeSchemas>()(apiRoots.core, {
  list: 'GET /like',
  like: 'POST /like',
  unlike: 'DELETE /like/:id',
});

import { apiRoots } from '../api-roots';
import { declareEndpoints } from './endpoint';
import type { editorSchemas, postSchemas } from './posts.schemas';

/** `/api/core/v1` posts (spec §7 "post", and GET /user/{id}/posts). */
export const postEndpoints = declareEndpoints<typeof postSchemas>()(apiRoots.core, {
  getPosts: 'POST /GetPosts',
  getPostsAll: 'POST /GetPostsAll',
  mine: 'GET /my-post',
  ofUser: 'GET /user/:id/posts',
  create: 'POST /post',
  get: 'GET /post/:id',
  replace: 'PUT /post/:id',
  remove: 'DELETE /post/:id',
  addNodes: 'POST /post/:id/node',
  removeNodes: 'DELETE /post/:id/node',
  addCategories: 'POST /post/:id/category',
  removeCategories: 'DELETE /post/:id/category',
  addUsers: 'POST /post/:id/user',
  removeUsers: 'DELETE /post/:id/user',
  slugAvailability: 'GET /post-slug-availability/:slug',
  targetGroups: 'GET /post-target-groups',
  markRead: 'POST /post-read/:id',
});

/** `/api/core/v1/editor` (spec §7 "editor"): the page builder's document of a post. */
export const editorEndpoints = declareEndpoints<typeof editorSchemas>()(apiRoots.core, {
  open: 'GET /editor/:id',
  save: 'PUT /editor/:id',
});

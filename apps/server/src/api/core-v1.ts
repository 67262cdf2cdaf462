import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../http/route-deps';
import { coreAuthRoutes } from '../modules/auth/auth.routes';
import { auditRoutes } from '../modules/audit/audit.routes';
import { importRoutes } from '../modules/ss12000-import/import.routes';
import { tokenRoutes } from '../modules/tokens/tokens.routes';
import { userAdminRoutes } from '../modules/users/user-admin.routes';
import { favoriteRoutes } from '../modules/favorites/favorites.routes';
import { linkRoutes } from '../modules/links/links.routes';
import { mediaRoutes } from '../modules/media/media.routes';
import { postRoutes } from '../modules/posts/posts.routes';
import { courseRoutes } from '../modules/courses/courses.routes';
import { courseAttendeeRoutes } from '../modules/course-attendees/course-attendees.routes';
import { commentRoutes } from '../modules/comments/comments.routes';
import { likeRoutes } from '../modules/likes/likes.routes';
import { courseCalendarRoutes } from '../modules/course-calendar/course-calendar.routes';
import { profileRoutes } from '../modules/profile/profile.routes';
import { userLinkRoutes } from '../modules/user-links/user-links.routes';
import { categoryRoutes } from '../modules/categories/categories.routes';
import { nodeRoutes } from '../modules/nodes/nodes.routes';
import { roleRoutes } from '../modules/roles/roles.routes';
import { searchRoutes } from '../modules/search/search.routes';
import { userRoutes } from '../modules/users/users.routes';

/** `/api/core/v1`: the portal's core resources (spec §7 "Core v1"). */
export async function coreV1(app: FastifyInstance, options: RouteDeps) {
  // Options also carry the mount prefix, which must not reach the child plugins.
  const { prefix: _prefix, ...deps } = options as RouteDeps & { prefix?: string };
  await app.register(coreAuthRoutes, deps);
  await app.register(tokenRoutes, deps);
  await app.register(userAdminRoutes, deps);
  await app.register(auditRoutes, deps);
  await app.register(importRoutes, deps);
  await app.register(userRoutes, deps);
  await app.register(roleRoutes, deps);
  await app.register(categoryRoutes, deps);
  await app.register(nodeRoutes, deps);
  await app.register(mediaRoutes, deps);
  await app.register(linkRoutes, deps);
  await app.register(userLinkRoutes, deps);
  await app.register(favoriteRoutes, deps);
  await app.register(profileRoutes, deps);
  await app.register(postRoutes, deps);
  await app.register(courseRoutes, deps);
  await app.register(courseAttendeeRoutes, deps);
  await app.register(courseCalendarRoutes, deps);
  await app.register(commentRoutes, deps);
  await app.register(likeRoutes, deps);
  await app.register(searchRoutes, deps);
}

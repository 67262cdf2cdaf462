import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../http/route-deps';
import { coreAuthRoutes } from '../modules/auth/auth.routes';
import { categoryRoutes } from '../modules/categories/categories.routes';
import { favoriteRoutes } from '../modules/favorites/favorites.routes';
import { linkRoutes } from '../modules/links/links.routes';
import { nodeRoutes } from '../modules/nodes/nodes.routes';
import { profileRoutes } from '../modules/profile/profile.routes';
import { roleRoutes } from '../modules/roles/roles.routes';
import { userLinkRoutes } from '../modules/user-links/user-links.routes';
import { userRoutes } from '../modules/users/users.routes';

/** `/api/core/v1`: the portal's core resources (spec §7 "Core v1"). */
export async function coreV1(app: FastifyInstance, { db, config, cookieOptions }: RouteDeps) {
  // Options also carry the mount prefix, which must not reach the child plugins.
  const deps: RouteDeps = { db, config, cookieOptions };
  await app.register(coreAuthRoutes, deps);
  await app.register(userRoutes, deps);
  await app.register(roleRoutes, deps);
  await app.register(categoryRoutes, deps);
  await app.register(nodeRoutes, deps);
  await app.register(linkRoutes, deps);
  await app.register(userLinkRoutes, deps);
  await app.register(favoriteRoutes, deps);
  await app.register(profileRoutes, deps);
}

import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../http/route-deps';
import { documentRoutes } from '../modules/documents/documents.routes';

/** `/api/document-repository/v1`: sites, nodes, favourites, shared links, tickets (spec §7). */
export async function documentRepositoryV1(app: FastifyInstance, options: RouteDeps) {
  // Options also carry the mount prefix, which must not reach the child plugins.
  const { prefix: _prefix, ...deps } = options as RouteDeps & { prefix?: string };
  await app.register(documentRoutes, deps);
}

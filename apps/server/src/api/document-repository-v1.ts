import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../http/route-deps';
import { documentRoutes } from '../modules/documents/documents.routes';

/** `/api/document-repository/v1`: sites, nodes, favourites, shared links, tickets (spec §7). */
export async function documentRepositoryV1(
  app: FastifyInstance,
  { db, config, cookieOptions, saml, cache }: RouteDeps,
) {
  // Options also carry the mount prefix, which must not reach the child plugins.
  const deps: RouteDeps = { db, config, cookieOptions, saml, cache };
  await app.register(documentRoutes, deps);
}

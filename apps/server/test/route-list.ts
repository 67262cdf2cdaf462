import type { FastifyInstance } from 'fastify';

export interface RouteRef {
  method: string;
  url: string;
  /** The query parameters the route's schema names (null: a query of another shape; undefined: none). */
  queryKeys?: readonly string[] | null;
}

/**
 * Every route the app answers, as Fastify registered it (app.ts records them
 * from the `onRoute` hook), in the order of their paths.
 */
export function listRoutes(app: FastifyInstance): RouteRef[] {
  return [...app.registeredRoutes()].sort(
    (a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method),
  );
}

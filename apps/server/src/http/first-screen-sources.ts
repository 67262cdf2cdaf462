import type { FastifyRequest } from 'fastify';

/** An answer of the API computed inside the process: its JSON text and, for a list, its total. */
export interface SourceAnswer {
  payload: string;
  total?: string;
}

/** What a read is asked with: the query (as parsed from the address) and the JSON body. */
export interface SourceInput {
  query?: unknown;
  body?: unknown;
}

/**
 * A read of the API answered without HTTP for a request whose session
 * `authenticate` has already resolved: the same code its route runs, with the
 * read's own query and body checked by the route's own schemas and its answer
 * serialised by the route's own response schema.
 */
export type FirstScreenSource = (
  request: FastifyRequest,
  input: SourceInput,
) => Promise<SourceAnswer>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Reads the page at "/" may answer inside the page (first-screen.ts). */
    firstScreenSources: FirstScreenSources;
  }
}

/**
 * The reads the start page's first screen is built from, by method and
 * address (without query): each is provided by the module whose route
 * answers it (`firstScreen: true` on a `read` route, http/endpoint-routes.ts),
 * so the page and the API cannot answer the same request differently.
 */
export class FirstScreenSources {
  private readonly sources = new Map<string, FirstScreenSource>();

  provide(method: string, path: string, source: FirstScreenSource) {
    const key = `${method} ${path}`;
    if (this.sources.has(key)) throw new Error(`${key} is provided twice`);
    this.sources.set(key, source);
  }

  find(method: string, path: string): FirstScreenSource | undefined {
    return this.sources.get(`${method} ${path}`);
  }
}

import type { FastifyRequest } from 'fastify';

/** An answer of the API computed inside the process: its JSON text and, for a list, its total. */
export interface SourceAnswer {
  payload: string;
  total?: string;
  /**
   * The answer before it was written, where the read had it at hand: what
   * the page's plan reads of it (first-screen.ts), so the text need not be
   * parsed again. It may lack what was written after it (the current user's
   * tools); without it, the plan reads the parsed text.
   */
  value?: unknown;
  /**
   * The JSON texts of some of its fields, each as it stands in `payload`:
   * another answer of the same page whose text is one of them is written as
   * a reference to it (first-screen.ts), not a second time.
   */
  fields?: Readonly<Record<string, string>>;
}

/** What a read is asked with: the address's parameters and query, and the JSON body. */
export interface SourceInput {
  params?: Record<string, string>;
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
    /** Reads a page ("/", a reading page) may answer inside the page (first-screen.ts). */
    firstScreenSources: FirstScreenSources;
  }
}

/** A source found for an address, with the parameters its path placeholders took. */
export interface FoundSource {
  source: FirstScreenSource;
  params: Record<string, string>;
}

/**
 * The reads first screens are built from, by method and address pattern
 * (without query, `:name` for a parameter, as Fastify writes them): each is
 * provided by the module whose route answers it (`firstScreen: true` on a
 * `read` route, http/endpoint-routes.ts), so a page and the API cannot answer
 * the same request differently.
 */
export class FirstScreenSources {
  private readonly fixed = new Map<string, FirstScreenSource>();
  private readonly patterns: { method: string; parts: string[]; source: FirstScreenSource }[] = [];

  provide(method: string, path: string, source: FirstScreenSource) {
    const key = `${method} ${path}`;
    const known =
      this.fixed.has(key) ||
      this.patterns.some((entry) => `${entry.method} /${entry.parts.join('/')}` === key);
    if (known) throw new Error(`${key} is provided twice`);
    if (path.includes('/:'))
      this.patterns.push({ method, parts: path.split('/').slice(1), source });
    else this.fixed.set(key, source);
  }

  /** The source answering `path` (percent-encoded, as in the address), its parameters decoded. */
  find(method: string, path: string): FoundSource | undefined {
    const fixed = this.fixed.get(`${method} ${path}`);
    if (fixed) return { source: fixed, params: {} };
    const parts = path.split('/').slice(1);
    for (const entry of this.patterns) {
      if (entry.method !== method || entry.parts.length !== parts.length) continue;
      const params: Record<string, string> = {};
      const matches = entry.parts.every((part, index) => {
        const actual = parts[index]!;
        if (!part.startsWith(':')) return part === actual;
        try {
          params[part.slice(1)] = decodeURIComponent(actual);
        } catch {
          return false;
        }
        return actual !== '';
      });
      if (matches) return { source: entry.source, params };
    }
    return undefined;
  }
}

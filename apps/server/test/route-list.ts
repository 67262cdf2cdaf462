import type { FastifyInstance } from 'fastify';

export interface RouteRef {
  method: string;
  url: string;
}

/**
 * Every route the app answers, from Fastify's own route tree
 * (`printRoutes`): each line adds its segment to its parent's path and lists
 * its methods. HEAD is left out — Fastify adds it to every GET.
 */
export function listRoutes(app: FastifyInstance): RouteRef[] {
  const lines = app.printRoutes({ commonPrefix: false }).split('\n');
  const stack: string[] = [];
  const routes: RouteRef[] = [];
  for (const line of lines) {
    const match = /^([│├└─\s]*)(\S.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (stack[depth - 1] ?? '') + match[2]!;
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push({ method, url: path });
    }
  }
  return routes;
}

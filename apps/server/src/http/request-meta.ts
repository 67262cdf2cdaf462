import type { FastifyRequest } from 'fastify';

/** What the audit log keeps about the request behind an action. */
export interface RequestMeta {
  requestId: string;
  address: string;
  /** The browser's own description, cut to a sensible length; kept with a new sign-in. */
  userAgent?: string;
}

export function requestMeta(request: FastifyRequest): RequestMeta {
  const agent = request.headers['user-agent'];
  return {
    requestId: request.id,
    address: request.ip,
    ...(agent ? { userAgent: agent.slice(0, 400) } : {}),
  };
}

import type { FastifyRequest } from 'fastify';

/** What the audit log keeps about the request behind an action. */
export interface RequestMeta {
  requestId: string;
  address: string;
}

export function requestMeta(request: FastifyRequest): RequestMeta {
  return { requestId: request.id, address: request.ip };
}

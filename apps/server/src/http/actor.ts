import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../modules/users/auth-user.repo';
import { authOf } from './authenticate';

/** Who is acting, for services that check policies and write the audit log. */
export interface Actor {
  user: AuthUser;
  /** The administrator behind a masked session. */
  realUserId: number | null;
  requestId: string;
}

export function actorOf(request: FastifyRequest): Actor {
  const { user, token } = authOf(request);
  return { user, realUserId: token.maskedBy, requestId: request.id };
}

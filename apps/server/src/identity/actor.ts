import type { FastifyRequest } from 'fastify';
import { realActorOf } from './token.repo';
import type { AuthUser } from './auth-user.repo';
import { authOf } from './authenticate';

/** Who is acting, for services that check policies and write the audit log. */
export interface Actor {
  user: AuthUser;
  /**
   * The person really acting, when not the account itself: the administrator
   * behind a masked session, or the person who signed in behind a related
   * account's token (a guardian acting as a child). From the token row.
   */
  realUserId: number | null;
  requestId: string;
}

export function actorOf(request: FastifyRequest): Actor {
  const { user, token } = authOf(request);
  return { user, realUserId: realActorOf(token), requestId: request.id };
}

import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client';
import { authOf } from '../../identity/authenticate';
import { sessionMemo } from '../../identity/session-cache';
import { loadPostAudience, type Audience, type PostAudience } from './audience.repo';

/**
 * The signed-in user's audience, read once per session state (groups and
 * categories are guarded): with the post audience, in its one round trip.
 */
export async function sessionAudience(db: Executor, request: FastifyRequest): Promise<Audience> {
  return (await sessionPostAudience(db, request)).own;
}

/**
 * The signed-in reader's post audience (decision 0011: also their children's
 * groups), read once per session state like the one above.
 */
export function sessionPostAudience(db: Executor, request: FastifyRequest): Promise<PostAudience> {
  const { user, memo } = authOf(request);
  return sessionMemo(memo, 'post-audience', () => loadPostAudience(db, user.id));
}

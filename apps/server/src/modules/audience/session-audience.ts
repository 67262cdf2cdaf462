import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client';
import { authOf } from '../../http/authenticate';
import { sessionMemo } from '../../http/session-cache';
import { loadAudience, type Audience } from './audience.repo';

/** The signed-in user's audience, read once per session state (groups and categories are guarded). */
export function sessionAudience(db: Executor, request: FastifyRequest): Promise<Audience> {
  const { user, memo } = authOf(request);
  return sessionMemo(memo, 'audience', () => loadAudience(db, user.id));
}

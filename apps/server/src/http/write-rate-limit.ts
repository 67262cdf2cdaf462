import { sv } from '@skolportalen/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * One limit on every signed-in write, per account (ASVS 2.4.1), beside the
 * tighter limits of single routes. The window is a minute and its whole
 * allowance may be spent at once, so a burst of quick saves never trips it;
 * only scripted writing does. Counted before the body is read, so a refused
 * upload costs nothing. Anonymous writes (sign-in, feedback) have limits of
 * their own. Shared through Redis when the rate-limit plugin uses it.
 */
export function registerWriteRateLimit(app: FastifyInstance, perMinute: number) {
  if (perMinute === 0) return;
  const perAccount = app.createRateLimit({
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `write|${request.auth!.user.id}`,
  });
  app.addHook('preParsing', async (request, reply, payload) => {
    if (!request.auth || !writeMethods.has(request.method)) return payload;
    const result = await perAccount(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(result.ttlInSeconds));
      request.log.warn({ userId: request.auth.user.id }, 'write rate limit reached');
      throw new AppError(429, 'RATE_LIMITED', sv.errors.writeRateLimited);
    }
    return payload;
  });
}

import { sv } from '@skolportalen/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A POST that only reads (its query is too large for a URL, like
     * GetPosts): not a write, so the write limit does not count it.
     */
    readOnly?: boolean;
  }
}

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
  const limitWrites = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.auth || !writeMethods.has(request.method)) return;
    const result = await perAccount(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(result.ttlInSeconds));
      request.log.warn({ userId: request.auth.user.id }, 'write rate limit reached');
      throw new AppError(429, 'RATE_LIMITED', sv.errors.writeRateLimited);
    }
  };
  // Only on routes that may write: reads (GET, read-only POSTs) pay nothing for it.
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat().map((method) => method.toUpperCase());
    if (route.config?.readOnly || !methods.some((method) => writeMethods.has(method))) return;
    route.preParsing = [
      async (request, reply, payload) => {
        await limitWrites(request, reply);
        return payload;
      },
      ...[route.preParsing ?? []].flat(),
    ];
  });
}

import type { FastifyInstance } from 'fastify';
import { errors } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes an HTML form post (`application/x-www-form-urlencoded`): logout and SSO. */
    formBody?: boolean;
  }
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A form on another site can send `application/x-www-form-urlencoded`,
 * `multipart/form-data` and `text/plain` without asking the browser's
 * permission first; JSON it cannot. So the JSON API takes JSON only: form
 * bodies only on the routes that are forms, text never, and multipart only
 * where an upload parser is registered (Fastify refuses it elsewhere). Refused
 * with 415 before the body is read (issue 20 F9).
 */
export function registerBodyTypeCheck(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method)) return;
    const mediaType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
    if (!mediaType) return;
    if (mediaType === 'text/plain') throw errors.unsupportedMediaType();
    if (mediaType === 'application/x-www-form-urlencoded' && !request.routeOptions.config.formBody)
      throw errors.unsupportedMediaType();
  });
}

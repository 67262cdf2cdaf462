import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { coreV1 } from './api/core-v1';
import { portalServiceV1 } from './api/portal-service-v1';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { authenticationPlugin } from './http/authenticate';
import { registerErrorHandler } from './http/error-handler';
import { errors } from './http/errors';
import { parseQueryString } from './http/query-string';
import type { RouteDeps } from './http/route-deps';
import { registerSecurityHeaders } from './http/security-headers';
import { registerWebApp } from './http/web-app';
import { healthRoutes } from './modules/health/health.routes';
import { mediaFileRoutes } from './modules/media/media-files.routes';
import { createMediaStorage } from './modules/media/storage/create-media-storage';
import type { MediaStorage } from './modules/media/storage/media-storage';

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Media files; DATA_DIR/media on disk unless given. */
  mediaStorage?: MediaStorage;
}

export async function buildApp({ config, database, logger, mediaStorage }: BuildAppOptions) {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200, querystringParser: parseQueryString },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  // Logout is a plain HTML form post (spec §7).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, parseQueryString(body as string)),
  );
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  if (config.maintenanceMode) {
    app.addHook('onRequest', async (request) => {
      if (request.url.startsWith('/api/')) throw errors.maintenance();
    });
  }

  await registerSecurityHeaders(app);
  await app.register(cookie);
  await app.register(rateLimit, { global: false, hook: 'preHandler' });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Skolportalen API',
        version: '1',
        description: 'Skolportalens API. Felsvar: { code, message, errors? }.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          session: { type: 'apiKey', in: 'cookie', name: 'skolportalen_session' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const cookieOptions = { secure: config.cookieSecure };
  await app.register(authenticationPlugin, { db: database.db, cookieOptions });
  const deps: RouteDeps = {
    db: database.db,
    config,
    cookieOptions,
    mediaStorage: mediaStorage ?? createMediaStorage(config),
  };
  app.addHook('onReady', () => deps.mediaStorage.sweepAbandoned());
  await app.register(healthRoutes, { database });
  await app.register(mediaFileRoutes, deps);
  await app.register(coreV1, { prefix: '/api/core/v1', ...deps });
  await app.register(portalServiceV1, { prefix: '/api/portal-service/v1', ...deps });
  await registerWebApp(app, config.webDistDir);
  return app;
}

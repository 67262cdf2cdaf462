import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { Redis } from 'ioredis';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { FirstScreenSources } from './http/first-screen-sources';
import { coreV1 } from './api/core-v1';
import { documentRepositoryV1 } from './api/document-repository-v1';
import { intranetJobsV1 } from './api/intranet-jobs-v1';
import { portalServiceV1 } from './api/portal-service-v1';
import { memoryCache, redisCache, type Cache } from './cache/cache';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { serializedError } from './db/loggable-error';
import { authenticationPlugin } from './identity/authenticate';
import { registerRouteRules } from './identity/authorize';
import { registerBodyTypeCheck } from './http/body-types';
import { answerRoutingError, registerErrorHandler } from './http/error-handler';
import { errors } from './http/errors';
import { openApiTransform } from './http/openapi-file-answers';
import { parseQueryString } from './http/query-string';
import type { RouteDeps } from './http/route-deps';
import { registerSecurityHeaders } from './http/security-headers';
import { registerTextGuard } from './http/text-guard';
import { requestMeta } from './http/request-meta';
import { registerMetricsRoute, registerRequestMetrics } from './http/metrics-route';
import { registerWebApp } from './http/web-app';
import { registerWriteRateLimit } from './http/write-rate-limit';
import { registerJobMaintenance } from './jobs/job-maintenance';
import { JobService } from './jobs/job-service';
import { createUploadScanner } from './malware/upload-scan';
import { recordInfectedUploadIn } from './modules/audit/infected-upload';
import { registerAuditExport } from './modules/audit/audit-export';
import { recordAudit } from './modules/audit/audit.repo';
import { realActorOf } from './identity/token.repo';
import { cookieOptionsFor } from './identity/session-cookie';
import { healthRoutes } from './modules/health/health.routes';
import { startSamlServiceProvider } from './modules/saml/saml-client';
import { oidcProviders } from './identity/oidc-provider';
import { mediaFileRoutes } from './modules/media/media-files.routes';
import { referencedMediaFiles } from './modules/media/media.repo';
import { createMediaStorage } from './media-storage/create-media-storage';
import type { MediaStorage } from './media-storage/media-storage';
import { notifyPublished, wakeNotifications } from './modules/posts/post-notifications';
import { registerPostSchedule } from './modules/posts/post-scheduler';

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Media files; DATA_DIR/media on disk unless given. */
  mediaStorage?: MediaStorage;
  /** The time; tests move it to see scheduled posts appear. */
  clock?: () => Date;
}

/**
 * Shared state for several instances lives in Redis; ioredis fails fast so a
 * Redis outage is an error, not a hang. Loaded only when configured: a
 * single instance starts sooner without it.
 */
async function connectRedis(url: string): Promise<Redis> {
  const { Redis } = await import('ioredis');
  return new Redis(url, {
    connectTimeout: 2_000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set `draining` first on shutdown: /ready then answers 503 while requests finish. */
    lifecycle: { draining: boolean };
    cache: Cache;
    jobs: JobService;
    /** Every method and path the app answers, as registered (HEAD, which Fastify adds to every GET, left out). */
    registeredRoutes: () => readonly RegisteredRoute[];
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  /**
   * The query parameters its schema names; null when it declares a query of
   * another shape, undefined when it declares none.
   */
  queryKeys?: readonly string[] | null;
}

/** The keys of a route's query schema, when it is an object schema (zod's `shape`). */
function queryKeysOf(schema: unknown): readonly string[] | null | undefined {
  if (!schema) return undefined;
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : null;
}

/** Secrets that travel in a path (the course calendar feed's address) are left out of the log. */
export function loggableUrl(url: string): string {
  // The calendar feed's secret, a shared document's link id and a must-read mail's
  // one-click link (its page and its API) are the credential.
  return url.replace(
    /(\/course-feed\/|\/document-repository\/v1\/shared\/|\/acknowledgement-link\/|^\/bekrafta\/)[^/?#]+/i,
    '$1[dolt]',
  );
}

/** Structured logs with request ids; credentials never reach them. */
export function loggerOptions(config: Config) {
  return {
    level: config.logLevel,
    serializers: {
      // A database error's parameters and detail carry names and addresses (decision 0039).
      err: serializedError,
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: loggableUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.secret',
      ],
      censor: '[dolt]',
    },
  };
}

export async function buildApp({
  config,
  database,
  logger,
  mediaStorage,
  clock = () => new Date(),
}: BuildAppOptions) {
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    genReqId: () => randomUUID(),
    // Only the proxy right in front is believed, so the nearest address it forwards is the client's.
    trustProxy:
      config.trustProxy === 'first-hop'
        ? (_address: string, hop: number) => hop === 0
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200, querystringParser: parseQueryString },
    // On shutdown idle keep-alive connections close at once; requests in flight finish.
    forceCloseConnections: 'idle',
    frameworkErrors: answerRoutingError,
  });
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        routes.push({ method, url: route.url, queryKeys: queryKeysOf(route.schema?.querystring) });
    }
  });
  app.decorate('registeredRoutes', () => routes);
  app.decorate('firstScreenSources', new FirstScreenSources());
  const redis = config.redisUrl ? await connectRedis(config.redisUrl) : null;
  const cache: Cache = redis ? redisCache(redis) : memoryCache();
  const lifecycle = { draining: false };
  const jobs = new JobService(database, { ...config.jobs, log: app.log });
  registerJobMaintenance(jobs, database.db);
  registerAuditExport(jobs, database.db, config.auditExport, app.log);
  app.decorate('lifecycle', lifecycle);
  app.decorate('cache', cache);
  app.decorate('jobs', jobs);
  app.addHook('preClose', async () => {
    lifecycle.draining = true;
  });
  app.addHook('onClose', async () => {
    // Running jobs finish (or reach a checkpoint) while the database is still open.
    await jobs.stop();
    await redis?.quit().catch(() => undefined);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerRequestMetrics(app);
  registerTextGuard(app);
  registerBodyTypeCheck(app);

  // Logout is a plain HTML form post (spec §7); SAML responses arrive as form posts too.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 512 * 1024 },
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

  // Every write made while masked or through a related account's token (a guardian
  // acting as a child) is on record with the person really acting, read from the
  // token row (decision 0027), written before the answer leaves so no client sees
  // a result that is not on record.
  app.addHook('onSend', async (request, reply) => {
    const auth = request.auth;
    const realUserId = auth ? realActorOf(auth.token) : null;
    if (!auth || realUserId === null || ['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return;
    await recordAudit(database.db, {
      actorUserId: auth.user.id,
      realUserId,
      action: auth.token.masked ? 'masked.request' : 'related.request',
      entityType: 'request',
      entityId: `${request.method} ${request.routeOptions.url ?? request.url}`,
      after: { status: reply.statusCode, params: request.params ?? null },
      ...requestMeta(request),
    }).catch((error: unknown) =>
      request.log.error({ err: error }, 'audit of a request made for someone else failed'),
    );
  });

  const saml = config.saml ? await startSamlServiceProvider(app, config.saml, database.db) : null;
  const oidc = oidcProviders(config.oidc);
  await registerSecurityHeaders(app, config, () => [
    saml?.options.entryPoint,
    saml?.options.logoutUrl,
    ...[...oidc.values()].flatMap((provider) => provider.formTargets()),
  ]);
  await app.register(cookie);
  // With Redis the limits count across every instance.
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    ...(redis ? { redis, nameSpace: 'skolportalen:rate-limit:' } : {}),
  });
  registerWriteRateLimit(app, config.writeRateLimitPerMinute);
  registerRouteRules(app);
  const cookieOptions = cookieOptionsFor(config.cookieSecure);
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
          session: { type: 'apiKey', in: 'cookie', name: cookieOptions.names.session },
        },
      },
    },
    transform: openApiTransform,
  });
  if (config.apiDocs !== 'off') {
    // The document maps every route and field: by default only for people signed in.
    const signedIn = (request: FastifyRequest, reply: FastifyReply) =>
      app.authenticate(request, reply);
    const docsAccess = config.apiDocs === 'signed-in' ? { onRequest: signedIn } : {};
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      uiHooks: docsAccess,
    });
    app.get('/api/openapi.json', { schema: { hide: true }, ...docsAccess }, async () =>
      app.swagger(),
    );
  }

  await app.register(authenticationPlugin, {
    db: database.db,
    cookieOptions,
    idle: { idleMs: config.sessionIdleMs },
  });
  const deps: RouteDeps = {
    db: database.db,
    config,
    cookieOptions,
    saml,
    oidc,
    cache,
    mediaStorage: mediaStorage ?? createMediaStorage(config),
    scanUpload: createUploadScanner(config, recordInfectedUploadIn(database.db)),
    jobs,
    clock,
  };
  // A crash may have stopped an upload or a delete halfway: finish or undo it before serving.
  app.addHook('onReady', async () => {
    const report = await deps.mediaStorage.recover((names) =>
      referencedMediaFiles(database.db, names),
    );
    if (report.movedIntoPlace + report.removed > 0)
      app.log.warn(report, 'media files put right after an interrupted upload or delete');
    await deps.mediaStorage.sweepAbandoned();
  });
  registerPostSchedule({
    db: database.db,
    jobs,
    intervalMs: config.postSchedulerIntervalMs,
    clock,
    onPublished: (tx, postIds) =>
      notifyPublished(tx, jobs, config.siteOrigin, postIds).then(() => undefined),
    afterPublished: () => wakeNotifications(jobs),
  });
  await app.register(healthRoutes, { database, lifecycle });
  // With METRICS_PORT it is served on a listener of its own instead (main.ts).
  if (config.metrics && config.metrics.port === null) registerMetricsRoute(app, config.metrics);
  await app.register(mediaFileRoutes, deps);
  await app.register(coreV1, { prefix: '/api/core/v1', ...deps });
  await app.register(portalServiceV1, { prefix: '/api/portal-service/v1', ...deps });
  await app.register(documentRepositoryV1, { prefix: '/api/document-repository/v1', ...deps });
  await app.register(intranetJobsV1, { prefix: '/api/intranet-jobs/v1', ...deps });
  // Workers start once every module has defined its queues.
  app.addHook('onReady', () => jobs.start());
  await registerWebApp(app, config.webDistDir, cookieOptions.names.session, {
    maintenanceMode: config.maintenanceMode,
    firstScreenWaitMs: config.firstScreenWaitMs,
  });
  return app;
}

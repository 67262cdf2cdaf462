import { timingSafeEqual } from 'node:crypto';
import { sv } from '@skolportalen/shared';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import {
  httpRequestDuration,
  httpRequests,
  metricsText,
  type MetricsText,
} from '../metrics/metrics';
import { AppError } from './errors';

export interface MetricsSettings {
  /** `Authorization: Bearer <token>` is the only way in. */
  token: string;
  /** A listener of its own; null: `/metrics` on the portal's own port. */
  port: number | null;
}

/** The route pattern a request matched, the same for every id in it; requests no route took share one. */
const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? '(no route)';

/** Counts and times every answer (skolportalen_http_requests_total and _duration_seconds). */
export function registerRequestMetrics(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: routeOf(request),
      status_code: String(reply.statusCode),
    };
    httpRequests.inc(labels);
    httpRequestDuration.observe(labels, reply.elapsedTime / 1000);
  });
}

function bearerMatches(header: string | undefined, token: string) {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]!);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * `GET /metrics` in Prometheus's text format, for `Authorization: Bearer
 * <token>` only (401 otherwise). Left out of the OpenAPI document, as
 * /health is: it is for the scraper, not for the API's clients.
 */
export function registerMetricsRoute(
  app: FastifyInstance,
  { token }: Pick<MetricsSettings, 'token'>,
  /** This process's metrics, or (portal-processes.ts) every process's added up. */
  text: () => Promise<MetricsText> = metricsText,
) {
  app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError(401, 'METRICS_TOKEN_REQUIRED', sv.operations.metricsTokenRequired);
    }
    const { contentType, body } = await text();
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });
}

/**
 * The listener of its own for METRICS_PORT: `/metrics` and nothing else, so
 * the portal's public port never answers it. Errors answer in the portal's
 * shape ({ code, message }).
 */
export function metricsListener(
  settings: Pick<MetricsSettings, 'token'>,
  text: () => Promise<MetricsText> = metricsText,
) {
  const app = Fastify({ logger: false });
  app.setErrorHandler((error, _request, reply) => {
    const known = error instanceof AppError;
    return reply
      .status(known ? error.statusCode : 500)
      .send(
        known
          ? { code: error.code, message: error.message }
          : { code: 'INTERNAL', message: sv.errors.unknown },
      );
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ code: 'NOT_FOUND', message: sv.errors.notFound }),
  );
  registerMetricsRoute(app, settings, text);
  return app;
}

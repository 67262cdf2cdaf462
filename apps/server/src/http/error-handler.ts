import { createHash } from 'node:crypto';
import { format, sv, type ErrorBody } from '@skolportalen/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { loggableError } from '../db/loggable-error';
import { AppError, type FieldError } from './errors';

function fieldErrorsOf(error: FastifyError): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  const seen = new Set<string>();
  const result: FieldError[] = [];
  for (const issue of error.validation) {
    const keys = (issue.params as { keys?: string[] }).keys;
    const field =
      (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') ||
      (keys ? keys.join(',') : '');
    // The spec returns the first failing message per field.
    if (seen.has(field)) continue;
    seen.add(field);
    result.push({ field, message: issue.message ?? '' });
  }
  return result;
}

/** Maps Fastify's own 4xx errors to stable codes and Swedish messages. */
const frameworkErrors: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'MALFORMED_JSON',
    message: sv.errors.malformedJson,
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'MALFORMED_JSON',
    message: sv.errors.malformedJson,
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: sv.errors.unsupportedMediaType,
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'BAD_REQUEST',
    message: sv.errors.malformedJson,
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: sv.errors.payloadTooLarge,
  },
  FST_ERR_BAD_URL: { status: 400, code: 'BAD_URL', message: sv.errors.badUrl },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'URL_TOO_LONG', message: sv.errors.urlTooLong },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, code: 'BAD_REQUEST', message: sv.errors.badUrl },
};

/**
 * The router's own refusals (a malformed percent-encoding, a path parameter
 * past its length) happen before any route and its error handler: Fastify
 * hands them to this function, given as the `frameworkErrors` option.
 */
export function answerRoutingError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const known = frameworkErrors[error.code] ?? frameworkErrors.FST_ERR_BAD_URL!;
  // A person who followed a broken link sees a page in Swedish, not the API's JSON.
  if (isPageNavigation(request)) {
    // The router refused before the security headers' hook: the page brings its own.
    return reply
      .status(known.status)
      .header('cache-control', 'no-store')
      .header('content-security-policy', refusedAddressPolicy)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(addressRefusedPage(known));
  }
  return reply
    .status(known.status)
    .type('application/json; charset=utf-8')
    .send({ code: known.code, message: known.message } satisfies ErrorBody);
}

/** A browser opening an address (not the app's or a client's API call, nor a file). */
function isPageNavigation(request: FastifyRequest) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (/^\/(api|media)\//.test(request.url)) return false;
  const accept = request.headers.accept;
  return typeof accept === 'string' && accept.includes('text/html');
}

/**
 * The page for an address the router cannot read: self-contained (no script,
 * no style, nothing taken from the address), so it needs nothing the refused
 * address would have loaded.
 */
const refusedAddressStyle =
  'body{margin:0;font-family:system-ui,sans-serif;line-height:1.5;color:#1f2933;background:#f5f7fa}main{max-width:36rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:8px}h1{font-size:1.6rem;margin:0 0 1rem}a{color:#0b5cad}';
const refusedAddressPolicy = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(refusedAddressStyle).digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

function addressRefusedPage({ code, message }: { code: string; message: string }) {
  const texts = sv.errors.refusedAddressPage;
  const title = message.replace(/\.$/, '');
  const text = code === 'BAD_URL' ? `${texts.unreadable} ${texts.help}` : texts.help;
  return `<!doctype html>
<html lang="sv">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${title} – Skolportalen</title>
    <style>${refusedAddressStyle}</style>
  </head>
  <body>
    <main>
      <h1>${title}</h1>
      <p>${text}</p>
      <p><a href="/">${texts.home}</a></p>
    </main>
  </body>
</html>
`;
}

/** Error codes anywhere in the cause chain (drivers and fs wrap their errors). */
function causeCodes(error: unknown): string[] {
  const codes: string[] = [];
  for (let current = error, depth = 0; current && depth < 10; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    current = (current as { cause?: unknown }).cause;
  }
  return codes;
}

/** The disk or the file system quota is full: nothing was stored, the user can try later. */
const storageFull = new Set(['ENOSPC', 'EDQUOT']);

/**
 * The database cannot be reached or dropped the connection (a restart, a
 * failover, a killed backend): the request did not complete and may be sent
 * again, so it is a 503, not a crash.
 */
const databaseUnavailable = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01', // admin_shutdown: the backend was terminated
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '08000',
  '08003',
  '08006',
  '08001',
  '08004',
  '53300', // too_many_connections
]);

function isConnectionLoss(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 10; depth += 1) {
    const message = (current as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /Connection terminated|connection timeout|Client has encountered a connection error|does not allow connections|not currently accepting connections|the database system is (starting up|shutting down)/i.test(
        message,
      )
    )
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return causeCodes(error).some((code) => databaseUnavailable.has(code));
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status: number;
    let body: ErrorBody;

    if (error instanceof AppError) {
      status = error.statusCode;
      body = { code: error.code, message: error.message };
      if (error.fieldErrors?.length) body.errors = error.fieldErrors;
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      body = {
        code: 'VALIDATION_FAILED',
        message: sv.errors.validation,
        errors: fieldErrorsOf(error),
      };
    } else if (error.code && frameworkErrors[error.code]) {
      const known = frameworkErrors[error.code]!;
      status = known.status;
      body = { code: known.code, message: known.message };
    } else if (error.statusCode === 429) {
      status = 429;
      body = { code: 'RATE_LIMITED', message: sv.errors.rateLimited };
    } else if (causeCodes(error).some((code) => storageFull.has(code))) {
      status = 507;
      request.log.error({ err: loggableError(error) }, 'storage full');
      body = { code: 'INSUFFICIENT_STORAGE', message: sv.errors.insufficientStorage };
    } else if (isConnectionLoss(error)) {
      status = 503;
      request.log.error({ err: loggableError(error) }, 'database unavailable');
      body = { code: 'SERVICE_UNAVAILABLE', message: sv.errors.serviceUnavailable };
      void reply.header('retry-after', '5');
    } else if (error instanceof SyntaxError) {
      status = 400;
      body = { code: 'MALFORMED_JSON', message: sv.errors.malformedJson };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = { code: 'BAD_REQUEST', message: sv.errors.validation };
    } else {
      status = 500;
      // The query and the database's code, never the values it carried (decision 0039).
      request.log.error({ err: loggableError(error) }, 'request failed');
      body = {
        code: 'INTERNAL',
        message: format(sv.errors.internal, { requestId: request.id }),
        requestId: request.id,
      };
    }

    if (status < 500) request.log.info({ code: body.code, status }, 'request refused');
    return reply.status(status).type('application/json; charset=utf-8').send(body);
  });
}

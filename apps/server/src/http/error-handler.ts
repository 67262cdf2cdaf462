import { format, sv, type ErrorBody } from '@skolportalen/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
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
  FST_ERR_BAD_URL: { status: 400, code: 'BAD_URL', message: sv.errors.notFound },
};

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
    } else if (error instanceof SyntaxError) {
      status = 400;
      body = { code: 'MALFORMED_JSON', message: sv.errors.malformedJson };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = { code: 'BAD_REQUEST', message: sv.errors.validation };
    } else {
      status = 500;
      request.log.error({ err: error }, 'request failed');
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

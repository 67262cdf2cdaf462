import { sv } from '@skolportalen/shared';

export interface FieldError {
  field: string;
  message: string;
}

/** An error with a stable code; only the error handler turns it into a response body. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fieldErrors?: FieldError[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const errors = {
  validation: (fieldErrors: FieldError[]) =>
    new AppError(400, 'VALIDATION_FAILED', sv.errors.validation, fieldErrors),
  badRequest: (code: string, message: string) => new AppError(400, code, message),
  unauthenticated: () => new AppError(401, 'UNAUTHENTICATED', sv.errors.unauthenticated),
  sessionInvalid: () => new AppError(401, 'SESSION_INVALID', sv.errors.sessionExpired),
  invalidCredentials: () => new AppError(401, 'INVALID_CREDENTIALS', sv.errors.invalidCredentials),
  accountDisabled: () => new AppError(403, 'ACCOUNT_DISABLED', sv.errors.accountDisabled),
  forbidden: (message: string = sv.errors.forbidden) => new AppError(403, 'FORBIDDEN', message),
  crossOrigin: () => new AppError(403, 'CROSS_ORIGIN', sv.errors.crossOrigin),
  unsupportedMediaType: () =>
    new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', sv.errors.unsupportedMediaType),
  notFound: (message: string = sv.errors.notFound) => new AppError(404, 'NOT_FOUND', message),
  conflict: (message: string = sv.errors.conflict) => new AppError(409, 'CONFLICT', message),
  maskEnded: () => new AppError(401, 'MASK_ENDED', sv.masking.ended),
  rateLimited: () => new AppError(429, 'RATE_LIMITED', sv.errors.rateLimited),
  maintenance: () => new AppError(503, 'MAINTENANCE', sv.errors.maintenance),
  /** A refused upload: the message is also listed under the `file` field for forms. */
  invalidFile: (code: string, message: string, status: 400 | 413 | 415 = 400) =>
    new AppError(status, code, message, [{ field: 'file', message }]),
};

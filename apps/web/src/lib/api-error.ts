import type { ErrorBody } from '@skolportalen/shared';

/** A response the server answered with an error status (spec §8). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly url: string,
    readonly status: number,
    message: string,
    readonly body: ErrorBody | null = null,
  ) {
    super(message);
  }

  get code(): string | undefined {
    return this.body?.code;
  }

  /** The server's per-field messages, keyed by field name. */
  get fieldErrors(): Record<string, string> {
    const result: Record<string, string> = {};
    for (const error of this.body?.errors ?? []) result[error.field] ??= error.message;
    return result;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The server does not know the session (401). The API client is already on
 * its way to the login page with the way back (spec §8), so a screen waiting
 * for the user goes on showing that it loads: an error there would only flash.
 */
export function isSessionUnknown(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

/**
 * The API client has sent the reader on for this answer already (spec §8):
 * to sign in (401), to the 404 page, or to the maintenance page (503). The
 * screen that asked keeps showing that it loads until the address changes;
 * an error message there would only flash.
 */
export function isSentOn(error: unknown): boolean {
  return isApiError(error) && [401, 404, 503].includes(error.status);
}

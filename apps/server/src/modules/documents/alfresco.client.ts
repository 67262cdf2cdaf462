import { sv } from '@skolportalen/shared';
import { AppError, errors } from '../../http/errors';

export interface AlfrescoSettings {
  url: string;
  username: string | null;
  password: string | null;
  timeoutMs: number;
}

const api = '/alfresco/api/-default-/public/alfresco/versions/1';
const auth = '/alfresco/api/-default-/public/authentication/versions/1';

/** The remote's failures as the portal's own errors, with Swedish messages. */
export const remoteErrors = {
  unauthorized: () => new AppError(403, 'REMOTE_UNAUTHORIZED', sv.documents.remoteUnauthorized),
  notFound: () => errors.notFound(sv.documents.remoteNotFound),
  timeout: () => new AppError(504, 'REMOTE_TIMEOUT', sv.documents.remoteTimeout),
  unavailable: () => new AppError(502, 'REMOTE_UNAVAILABLE', sv.documents.remoteUnavailable),
  invalid: () => new AppError(502, 'REMOTE_INVALID', sv.documents.remoteInvalid),
  /**
   * No service account and no (or an expired) personal ticket: the person
   * signs in to the repository (POST /token). Not 401, which would end the
   * portal session in the browser.
   */
  signInNeeded: (expired: boolean) =>
    new AppError(
      403,
      'REPOSITORY_SIGN_IN',
      expired ? sv.documents.signInExpired : sv.documents.signInNeeded,
    ),
};

export interface CallOptions {
  method?: 'GET' | 'POST' | 'DELETE';
  json?: unknown;
  form?: FormData;
  /** A person's ticket; without it the service account is used. */
  ticket?: string | null;
  /** Token endpoint: no Authorization header. */
  anonymous?: boolean;
  base?: 'api' | 'auth';
}

/** One call to Alfresco's public REST API v1, bounded in time; answers the raw response. */
export function alfrescoClient(settings: AlfrescoSettings) {
  function authorization(ticket: string | null | undefined) {
    if (ticket) return `Basic ${Buffer.from(ticket).toString('base64')}`;
    if (settings.username && settings.password)
      return `Basic ${Buffer.from(`${settings.username}:${settings.password}`).toString('base64')}`;
    throw remoteErrors.signInNeeded(false);
  }

  async function call(path: string, options: CallOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (!options.anonymous) headers.authorization = authorization(options.ticket);
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(`${settings.url}${options.base === 'auth' ? auth : api}${path}`, {
        method: options.method ?? 'GET',
        headers,
        body:
          options.form ?? (options.json === undefined ? undefined : JSON.stringify(options.json)),
        signal: AbortSignal.timeout(settings.timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      const name = (error as { name?: string }).name;
      throw name === 'TimeoutError' || name === 'AbortError'
        ? remoteErrors.timeout()
        : remoteErrors.unavailable();
    }
    if (response.ok) return response;
    await response.body?.cancel().catch(() => undefined);
    if (response.status === 401 || response.status === 403) {
      // A person's own ticket that the repository no longer takes: sign in again.
      throw options.ticket ? remoteErrors.signInNeeded(true) : remoteErrors.unauthorized();
    }
    if (response.status === 404) throw remoteErrors.notFound();
    if (response.status === 409) throw errors.conflict(sv.documents.nameTaken);
    if (response.status === 413)
      throw new AppError(413, 'FILE_TOO_LARGE', sv.errors.payloadTooLarge);
    if (response.status === 400 || response.status === 422)
      throw errors.badRequest('REMOTE_REFUSED', sv.documents.remoteInvalid);
    throw remoteErrors.unavailable();
  }

  /** A JSON answer, read within the same time bound; anything unreadable is the remote's fault. */
  async function json(path: string, options: CallOptions = {}): Promise<unknown> {
    const response = await call(path, options);
    if (response.status === 204) return null;
    try {
      return await response.json();
    } catch (error) {
      if ((error as { name?: string }).name === 'TimeoutError') throw remoteErrors.timeout();
      throw remoteErrors.invalid();
    }
  }

  return { call, json, publicUrl: (path: string) => `${settings.url}${api}${path}` };
}

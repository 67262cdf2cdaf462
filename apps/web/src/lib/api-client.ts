import { svShell, type ErrorBody } from '@skolportalen/shared';
import { paginationTotalHeader } from '@skolportalen/shared/api-roots';
import {
  endpointUrl,
  type BodyOf,
  type Endpoint,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@skolportalen/shared/endpoints/endpoint';
import { ApiError } from './api-error';
import { forgetSession } from './client-session';
import { errorStore } from './error-store';
import { takeEarlyResponse } from './early-requests';
import { currentPath, navigateTo } from './navigation';
import { paths } from './paths';
import { requestTracker } from './request-tracker';

export { ApiError, isApiError } from './api-error';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON; a Blob (a picked file) is sent as it is, as application/json. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * The caller handles every error itself: no redirect and no error toast, the
   * ApiError is only thrown (the login form shows 401 and 429 in place).
   */
  throwOnError?: boolean;
  /** Error codes the caller shows in place; any other error is reported as usual. */
  handledCodes?: readonly string[];
}

export interface ListResult<T> {
  items: T[];
  total: number;
}

function messageOf(body: ErrorBody | null, fallback: string): string {
  if (body?.message) return body.message;
  const listed = body?.errors?.map((error) => error.message).filter(Boolean) ?? [];
  return listed.length > 0 ? listed.join(' ') : fallback;
}

/**
 * Checks the shape of the shared `errorBody` schema by hand: the schema itself
 * would pull the whole validation library into the first page's code.
 */
function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const { code, message, errors } = value as Record<string, unknown>;
  return (
    typeof code === 'string' &&
    typeof message === 'string' &&
    (errors === undefined ||
      (Array.isArray(errors) &&
        errors.every(
          (item: unknown) =>
            typeof item === 'object' &&
            item !== null &&
            typeof (item as Record<string, unknown>).field === 'string' &&
            typeof (item as Record<string, unknown>).message === 'string',
        )))
  );
}

async function readErrorBody(response: Response): Promise<ErrorBody | null> {
  try {
    const body: unknown = await response.json();
    return isErrorBody(body) ? body : null;
  } catch {
    return null;
  }
}

/** Spec §8: 401 → /login, 404 → /404, 503 → /maintenance, anything else → the error store. */
function report(error: ApiError) {
  switch (error.status) {
    case 401: {
      forgetSession();
      const back = currentPath();
      // Parallel requests fail together; the first one already went to /login with the way back.
      if (!back.startsWith(paths.login.path)) navigateTo(paths.login.href(back));
      return;
    }
    case 404:
      navigateTo(paths.notFound.href());
      return;
    case 503:
      navigateTo(paths.maintenance.href());
      return;
    default:
      errorStore.push({ status: error.status, url: error.url, message: error.message });
  }
}

async function send(url: string, options: RequestOptions): Promise<Response> {
  const { method = 'GET', body, signal, throwOnError = false, handledCodes = [] } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A file upload sends FormData, a picked file (a JSON import) goes as it is; both unchanged.
  const isForm = body instanceof FormData;
  const isFile = body instanceof Blob;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  const sent: BodyInit | undefined =
    body === undefined ? undefined : isForm || isFile ? (body as BodyInit) : JSON.stringify(body);

  const done = requestTracker.start();
  let response: Response;
  try {
    // The start page's first requests may have left before the app loaded (early-requests.ts).
    const early = typeof sent === 'object' ? undefined : takeEarlyResponse(method, url, sent);
    response = await (early ??
      fetch(url, { method, headers, credentials: 'same-origin', body: sent, signal }));
  } catch (networkError) {
    // No response at all (offline, DNS, aborted): the caller sees the original error.
    const aborted = networkError instanceof DOMException && networkError.name === 'AbortError';
    done(aborted ? 'ok' : 'failed');
    throw networkError;
  }

  if (response.ok && response.status !== 0) {
    done('ok');
    return response;
  }

  done('failed');
  const parsedBody = await readErrorBody(response);
  // A response without a status (opaque or error responses) counts as a server error.
  const status = response.status || 500;
  const error = new ApiError(
    url,
    status,
    messageOf(parsedBody, svShell.errors.unknown),
    parsedBody,
  );
  if (!throwOnError && !(error.code && handledCodes.includes(error.code))) report(error);
  throw error;
}

async function parseJson<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** The array body of a list answer plus the total from `x-pagination-total`. */
async function readList<T>(response: Response): Promise<ListResult<T>> {
  const items = (await parseJson<T[]>(response)) ?? [];
  const header = response.headers.get(paginationTotalHeader);
  const total = header === null ? Number.NaN : Number(header);
  return { items, total: Number.isInteger(total) && total >= 0 ? total : items.length };
}

/** One JSON request. Resolves with the parsed body; rejects with ApiError or the network error. */
export async function apiRequest<T>(url: string, options: RequestOptions = {}): Promise<T> {
  return parseJson<T>(await send(url, options));
}

/** A list request: the array body plus the total from `x-pagination-total`. */
export async function apiList<T>(
  url: string,
  options: RequestOptions = {},
): Promise<ListResult<T>> {
  return readList<T>(await send(url, options));
}

/** An input part the endpoint does not declare may not be given; one it declares must be. */
type Part<Key extends string, Value, Required extends boolean> = [Value] extends [undefined]
  ? { [Name in Key]?: never }
  : Required extends true
    ? { [Name in Key]: Value }
    : { [Name in Key]?: Value };

/**
 * What a call of a declared endpoint takes: its path parameters, its query
 * (required when the schema requires a value), its body, and how errors are
 * reported (as for `apiRequest`).
 */
export type CallInput<E> = Pick<RequestOptions, 'signal' | 'throwOnError' | 'handledCodes'> &
  Part<'params', ParamsOf<E>, true> &
  Part<'query', QueryOf<E>, object extends QueryOf<E> ? false : true> &
  Part<'body', BodyOf<E>, true>;

/** The input may be left out when nothing in it is required. */
type CallArgs<E> = object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

interface LooseCallInput extends RequestOptions {
  params?: Parameters<typeof endpointUrl>[1];
  query?: Parameters<typeof endpointUrl>[2];
}

function sendCall(endpoint: Endpoint, input: unknown) {
  const { params, query, body, ...options } = (input ?? {}) as LooseCallInput;
  return send(endpointUrl(endpoint, params, query), { ...options, method: endpoint.method, body });
}

/**
 * Calls a declared endpoint (packages/shared/src/endpoints): its method and
 * address come from the declaration, the types of what it takes and answers
 * from its schemas, at compile time only.
 */
export async function call<E extends Endpoint>(
  endpoint: E,
  ...[input]: CallArgs<E>
): Promise<ResponseOf<E>> {
  return parseJson<ResponseOf<E>>(await sendCall(endpoint, input));
}

/** Calls a declared list endpoint: its page of items and the total from `x-pagination-total`. */
export async function callList<E extends Endpoint>(
  endpoint: E,
  ...[input]: CallArgs<E>
): Promise<ListResult<ResponseOf<E> extends readonly (infer Item)[] ? Item : never>> {
  return readList(await sendCall(endpoint, input));
}

export interface UploadOptions {
  /** Called as the body goes out, with the share sent so far (0–1). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  throwOnError?: boolean;
}

function parseBody(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * A `multipart/form-data` POST. It goes through XMLHttpRequest because fetch
 * cannot report how much of a request body has been sent, and an upload of up
 * to 10 MB needs a progress bar. Errors map exactly as for `apiRequest`.
 */
export function apiUpload<T>(url: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const { onProgress, signal, throwOnError = false } = options;
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    const done = requestTracker.start();
    request.open('POST', url);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      const body = parseBody(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        done('ok');
        onProgress?.(1);
        resolve(body as T);
        return;
      }
      done('failed');
      const errorBody = isErrorBody(body) ? body : null;
      const error = new ApiError(
        url,
        request.status || 500,
        messageOf(errorBody, svShell.errors.unknown),
        errorBody,
      );
      if (!throwOnError) report(error);
      reject(error);
    };
    request.onerror = () => {
      done('failed');
      reject(new TypeError(svShell.errors.network));
    };
    request.onabort = () => {
      done('ok');
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    };
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

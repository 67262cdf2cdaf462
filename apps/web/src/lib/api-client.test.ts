import { sessionStorageKeys } from '@skolportalen/shared';
import { commentEndpoints } from '@skolportalen/shared/endpoints/comments';
import { likeEndpoints } from '@skolportalen/shared/endpoints/likes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, signIn } from '@/test/fetch-mock';
import { apiList, apiRequest, ApiError, call, callList } from './api-client';
import { hasSignedInCookie } from './cookies';
import { errorStore } from './error-store';
import { setNavigator } from './navigation';
import { requestTracker } from './request-tracker';

const url = '/api/core/v1/user';
const navigate = vi.fn();

function failWith(status: number, body: unknown = { code: 'X', message: `svar ${status}` }) {
  mockFetch(() => json(body, { status }));
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to fail');
}

beforeEach(() => {
  navigate.mockReset();
  setNavigator(navigate);
  errorStore.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client status mapping (spec §8)', () => {
  it('returns the parsed body and sends cookies same-origin', async () => {
    const fetchMock = mockFetch(() => json({ id: 7 }));
    await expect(apiRequest(url)).resolves.toEqual({ id: 7 });
    expect(fetchMock).toHaveBeenCalledWith(
      url,
      expect.objectContaining({ credentials: 'same-origin' }),
    );
  });

  it('sends a picked file unchanged as JSON and other bodies stringified', async () => {
    const fetchMock = mockFetch(() => json({ ok: true }));
    const file = new Blob(['{"persons":[]}'], { type: 'application/json' });
    await apiRequest(url, { method: 'POST', body: file });
    await apiRequest(url, { method: 'POST', body: { a: 1 } });
    const [first, second] = fetchMock.mock.calls.map(([, init]) => init as RequestInit);
    expect(first!.body).toBe(file);
    expect(second!.body).toBe('{"a":1}');
    expect(first!.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('401 forgets the session and goes to /login with the way back', async () => {
    signIn();
    sessionStorage.setItem(sessionStorageKeys.tokenList, '{}');
    window.history.replaceState(null, '', '/profile/info?x=1');
    failWith(401);

    const error = await rejection(apiRequest(url));

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Fprofile%2Finfo%3Fx%3D1', undefined);
    expect(hasSignedInCookie()).toBe(false);
    expect(sessionStorage.getItem(sessionStorageKeys.tokenList)).toBeNull();
    expect(errorStore.getSnapshot()).toEqual([]);
    window.history.replaceState(null, '', '/');
  });

  it('404 goes to /404 and 503 to /maintenance, without toasts', async () => {
    failWith(404);
    await rejection(apiRequest(url));
    expect(navigate).toHaveBeenLastCalledWith('/404', undefined);

    failWith(503);
    await rejection(apiRequest(url));
    expect(navigate).toHaveBeenLastCalledWith('/maintenance', undefined);
    expect(errorStore.getSnapshot()).toEqual([]);
  });

  it('other statuses throw an ApiError and land in the error store', async () => {
    failWith(500, { code: 'INTERNAL', message: 'Ett oväntat fel inträffade.' });

    const error = await rejection(apiRequest(url));

    expect(error).toMatchObject({ url, status: 500, message: 'Ett oväntat fel inträffade.' });
    expect(navigate).not.toHaveBeenCalled();
    expect(errorStore.getSnapshot()).toEqual([
      expect.objectContaining({ status: 500, url, message: 'Ett oväntat fel inträffade.' }),
    ]);
  });

  it('takes the message from the errors list when the body has none', async () => {
    failWith(400, {
      code: 'VALIDATION',
      message: '',
      errors: [{ field: 'title', message: 'Fältet måste vara ifyllt' }],
    });
    const error = (await rejection(apiRequest(url, { method: 'POST', body: {} }))) as ApiError;
    expect(error.message).toBe('Fältet måste vara ifyllt');
    expect(error.fieldErrors).toEqual({ title: 'Fältet måste vara ifyllt' });
    expect(errorStore.getSnapshot()[0]?.message).toBe('Fältet måste vara ifyllt');
  });

  it('a caller asking for exceptions gets only the throw: no redirect, no toast', async () => {
    failWith(401, { code: 'INVALID_CREDENTIALS', message: 'Fel användarnamn eller lösenord.' });
    const error = await rejection(apiRequest(url, { method: 'POST', throwOnError: true }));
    expect(error).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
    expect(navigate).not.toHaveBeenCalled();
    expect(errorStore.getSnapshot()).toEqual([]);
  });

  it('rethrows a network failure as it is', async () => {
    const offline = new TypeError('Failed to fetch');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(offline));
    await expect(apiRequest(url)).rejects.toBe(offline);
    expect(errorStore.getSnapshot()).toEqual([]);
    expect(requestTracker.getSnapshot()).toMatchObject({ pending: 0, failed: true });
  });

  it('treats an error without a status as 500', async () => {
    mockFetch(() => Response.error());
    const error = await rejection(apiRequest(url));
    expect(error).toMatchObject({ status: 500 });
    expect(errorStore.getSnapshot()).toEqual([expect.objectContaining({ status: 500, url })]);
  });

  it('reads the list total from x-pagination-total', async () => {
    mockFetch(() => json([{ id: 1 }, { id: 2 }], { headers: { 'x-pagination-total': '42' } }));
    await expect(apiList('/api/core/v1/node')).resolves.toEqual({
      items: [{ id: 1 }, { id: 2 }],
      total: 42,
    });
  });

  it('counts requests in flight for the loading bar', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const request = apiRequest(url);
    expect(requestTracker.getSnapshot().pending).toBe(1);
    answer(json({}));
    await request;
    expect(requestTracker.getSnapshot()).toEqual({ pending: 0, failed: false });
  });
});

describe('calls of declared endpoints', () => {
  it('take the method and address from the declaration and send the body as JSON', async () => {
    const answer = { count: 1, liked: true, likeId: 9, postId: 5, commentId: null };
    const fetchMock = mockFetch(() => json(answer));
    await expect(call(likeEndpoints.like, { body: { postId: 5 } })).resolves.toEqual(answer);
    await call(likeEndpoints.unlike, { params: { id: 9 } });
    const sent = fetchMock.mock.calls.map(([address, init]) => [address, init?.method, init?.body]);
    expect(sent).toEqual([
      ['/api/core/v1/like', 'POST', '{"postId":5}'],
      ['/api/core/v1/like/9', 'DELETE', undefined],
    ]);
  });

  it('read a list with its total, the query written as the API reads it', async () => {
    const fetchMock = mockFetch(() =>
      json([{ id: 1 }], { headers: { 'x-pagination-total': '7' } }),
    );
    await expect(
      callList(commentEndpoints.list, { query: { postId: 5, page: 2, perPage: 1 } }),
    ).resolves.toEqual({ items: [{ id: 1 }], total: 7 });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/core/v1/comment?postId=5&page=2&perPage=1');
  });

  it('report errors as any request does, unless the caller shows them itself', async () => {
    failWith(429, { code: 'RATE_LIMITED', message: 'För många' });
    const handled = await rejection(
      call(commentEndpoints.create, {
        body: { postId: 5, text: 'Hej' },
        handledCodes: ['RATE_LIMITED'],
      }),
    );
    expect(handled).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(errorStore.getSnapshot()).toEqual([]);

    failWith(403);
    await rejection(call(commentEndpoints.remove, { params: { id: 3 } }));
    expect(errorStore.getSnapshot()).toEqual([
      expect.objectContaining({ status: 403, url: '/api/core/v1/comment/3' }),
    ]);
  });
});

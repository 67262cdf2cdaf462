import { cookieNames } from '@skolportalen/shared';
import { vi } from 'vitest';

export type FetchHandler = (
  url: string,
  init: RequestInit,
) => Response | Promise<Response> | undefined;

export function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json', ...(init.headers ?? {}) },
  });
}

/**
 * Replaces fetch; the handler answers by URL. An unanswered request fails the
 * test loudly instead of hanging.
 */
export function mockFetch(handler: FetchHandler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const response = await handler(url, init);
    if (!response) throw new Error(`Unexpected request in test: ${init.method ?? 'GET'} ${url}`);
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function signIn() {
  document.cookie = `${cookieNames(false).signedIn}=1; path=/`;
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/test/fetch-mock';
import { firstScreenDataId, type FirstScreenAnswer } from '@skolportalen/shared/start-page';
import { apiList, apiRequest } from './api-client';
import { earlyAnswerMaxAgeMs, forgetEarlyResponses, sendEarly } from './early-requests';

afterEach(() => {
  forgetEarlyResponses();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('early requests', () => {
  it('answer the identical request of the app once, without sending it again', async () => {
    const fetchMock = mockFetch((url, init) =>
      json({ url, body: init.body ?? null, method: init.method }),
    );
    sendEarly([{ method: 'POST', url: '/api/core/v1/GetPosts', body: { type: ['news'] } }]);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const answer = await apiRequest('/api/core/v1/GetPosts', {
      method: 'POST',
      body: { type: ['news'] },
    });
    expect(answer).toEqual({
      url: '/api/core/v1/GetPosts',
      body: '{"type":["news"]}',
      method: 'POST',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // Taken once: the same request later goes to the server.
    await apiRequest('/api/core/v1/GetPosts', { method: 'POST', body: { type: ['news'] } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('never answer a request that differs in method, address or body', async () => {
    const fetchMock = mockFetch(() => json({}));
    sendEarly([{ method: 'POST', url: '/api/core/v1/GetPosts', body: { type: ['news'] } }]);
    await apiRequest('/api/core/v1/GetPosts', { method: 'POST', body: { type: ['page'] } });
    await apiRequest('/api/core/v1/GetLinks', { method: 'POST', body: { type: ['news'] } });
    await apiRequest('/api/core/v1/GetPosts');
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('drop an answer nobody took in time, and every answer when the session ends', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const fetchMock = mockFetch(() => json({}));
    sendEarly([{ method: 'GET', url: '/api/core/v1/user' }]);
    vi.setSystemTime(Date.now() + earlyAnswerMaxAgeMs + 1);
    await apiRequest('/api/core/v1/user');
    expect(fetchMock).toHaveBeenCalledTimes(2);

    sendEarly([{ method: 'GET', url: '/api/core/v1/user' }]);
    forgetEarlyResponses();
    await apiRequest('/api/core/v1/user');
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('leave a failed early request to the app, which reports it like its own', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    sendEarly([{ method: 'GET', url: '/api/core/v1/user' }]);
    await expect(apiRequest('/api/core/v1/user')).rejects.toThrow('Failed to fetch');
  });
});

/** The server's data block in the page served at "/" (apps/server/src/http/first-screen.ts). */
function pageWithAnswers(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = firstScreenDataId;
  element.textContent = text;
  document.head.append(element);
}

describe('answers inside the page', () => {
  const feed: FirstScreenAnswer = {
    method: 'POST',
    url: '/api/core/v1/GetPosts',
    body: '{"type":["news"]}',
    status: 200,
    total: '12',
    json: [{ id: 1, title: '</script> stays text' }],
  };
  const user: FirstScreenAnswer = {
    method: 'GET',
    url: '/api/core/v1/user',
    status: 200,
    json: { uid: 'johan.berg' },
  };

  it('answer the identical request of the app once, with the list total, and leave the document', async () => {
    const fetchMock = mockFetch(() => json([]));
    pageWithAnswers(JSON.stringify([feed, user]));
    const list = await apiList('/api/core/v1/GetPosts', {
      method: 'POST',
      body: { type: ['news'] },
    });
    expect(list).toEqual({ items: [{ id: 1, title: '</script> stays text' }], total: 12 });
    expect(await apiRequest('/api/core/v1/user')).toEqual({ uid: 'johan.berg' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.getElementById(firstScreenDataId)).toBeNull();
    // Taken once: the same request later goes to the server.
    await apiRequest('/api/core/v1/user');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('leave the early script only what the page did not answer', () => {
    const fetchMock = mockFetch(() => json({}));
    pageWithAnswers(JSON.stringify([user]));
    sendEarly([
      { method: 'GET', url: '/api/core/v1/user' },
      { method: 'POST', url: '/api/core/v1/GetPosts', body: { type: ['news'] } },
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/core/v1/GetPosts');
  });

  it("answer a request whose answer names an earlier answer's field with that field", async () => {
    const fetchMock = mockFetch(() => json([]));
    const reader = { ...user, json: { uid: 'johan.berg', links: [{ id: 7, name: 'Skolverket' }] } };
    const tools: FirstScreenAnswer = {
      method: 'POST',
      url: '/api/core/v1/GetLinks',
      body: '{}',
      status: 200,
      total: '1',
      same: [0, 'links'],
    };
    // A field the earlier answer does not have answers nothing: the app asks itself.
    const missing: FirstScreenAnswer = {
      ...tools,
      url: '/api/core/v1/GetOther',
      same: [0, 'none'],
    };
    pageWithAnswers(JSON.stringify([reader, tools, missing]));
    const list = await apiList('/api/core/v1/GetLinks', { method: 'POST', body: {} });
    expect(list).toEqual({ items: [{ id: 7, name: 'Skolverket' }], total: 1 });
    expect(fetchMock).not.toHaveBeenCalled();
    await apiList('/api/core/v1/GetOther', { method: 'POST', body: {} });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('are ignored when they cannot be read: the app asks itself', async () => {
    const fetchMock = mockFetch(() => json({ uid: 'from-server' }));
    pageWithAnswers('[{"method":"GET", broken');
    expect(await apiRequest('/api/core/v1/user')).toEqual({ uid: 'from-server' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('the app starting', () => {
  it('takes the answers inside the page at once, before its first request', async () => {
    const { markAppAsking } = await import('./early-requests');
    const fetchMock = mockFetch(() => json({ uid: 'from-server' }));
    pageWithAnswers(
      JSON.stringify([
        { method: 'GET', url: '/api/core/v1/user', status: 200, json: { uid: 'anna.larsson' } },
      ]),
    );
    markAppAsking();
    // Gone from the document (no inline script is left to a page's checks), yet answered.
    expect(document.getElementById(firstScreenDataId)).toBeNull();
    expect(await apiRequest('/api/core/v1/user')).toEqual({ uid: 'anna.larsson' });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('an early script that runs after the app has started', () => {
  it('sends nothing: the app has asked already', async () => {
    const { markAppAsking, sendEarly: send } = await import('./early-requests');
    const fetchMock = mockFetch(() => json({}));
    markAppAsking();
    send([{ method: 'GET', url: '/api/core/v1/user' }]);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

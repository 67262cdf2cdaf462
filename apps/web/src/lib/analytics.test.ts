import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  analyticsSettingRequest,
  firstScreenDataId,
  type FirstScreenAnswer,
} from '@skolportalen/shared/start-page';
import { json, mockFetch } from '@/test/fetch-mock';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

async function freshTracker() {
  return (await import('./analytics')).trackPageView;
}

describe('trackPageView', () => {
  it('sends nothing when the server says page counting is off', async () => {
    const fetchMock = mockFetch((url) =>
      url.endsWith('/analytics/config') ? json({ enabled: false }) : undefined,
    );
    const track = await freshTracker();
    track('/nyhet/skolstart');
    track('/sida/om-oss');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('counts paths without cookies, and never a user id', async () => {
    const fetchMock = mockFetch((url) =>
      url.endsWith('/analytics/config')
        ? json({ enabled: true })
        : new Response(null, { status: 204 }),
    );
    const track = await freshTracker();
    track('/profile/info/anna.larsson');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/portal-service/v1/analytics/pageview');
    expect(init).toMatchObject({ method: 'POST', credentials: 'omit' });
    expect(JSON.parse(String(init!.body))).toEqual({ path: '/profile/info' });
  });

  it("counts a must-read mail's link page without its secret", async () => {
    const fetchMock = mockFetch((url) =>
      url.endsWith('/analytics/config')
        ? json({ enabled: true })
        : new Response(null, { status: 204 }),
    );
    const track = await freshTracker();
    track('/bekrafta/3mWq0u9cZ6K1nQyq2Tq0b7o9kq2Lr8d4hV5xY1zA2bC');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [, init] = fetchMock.mock.calls[1]!;
    expect(JSON.parse(String(init!.body))).toEqual({ path: '/bekrafta' });
  });
});

describe('trackPageView on a page that carries the setting', () => {
  afterEach(() => document.getElementById(firstScreenDataId)?.remove());

  function pageAnswers(enabled: boolean) {
    const answers: FirstScreenAnswer[] = [
      { method: 'GET', url: analyticsSettingRequest.url, status: 200, json: { enabled } },
    ];
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = firstScreenDataId;
    element.textContent = JSON.stringify(answers);
    document.head.append(element);
  }

  it('takes the setting from the page and asks for nothing but the count', async () => {
    pageAnswers(true);
    const fetchMock = mockFetch(() => new Response(null, { status: 204 }));
    const track = await freshTracker();
    track('/nyhet/skolstart');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/portal-service/v1/analytics/pageview');
  });

  it('sends nothing at all when the page says counting is off', async () => {
    pageAnswers(false);
    const fetchMock = mockFetch(() => json({ enabled: true }));
    const track = await freshTracker();
    track('/nyhet/skolstart');
    track('/sida/om-oss');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

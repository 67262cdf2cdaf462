import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { buildUser } from '@/test/factories';
import { json, mockFetch, signIn } from '@/test/fetch-mock';
import { currentUserKeys } from '@/lib/current-user';
import { forgetEarlyResponses, sendEarly } from '@/lib/early-requests';
import { startPageRequests } from '@skolportalen/shared/start-page';
import { afterStartData, prefetchStartPage, startDataWaitMs } from './start-prefetch';

afterEach(() => {
  forgetEarlyResponses();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Answers every request once `release` is called; until then they hang, like a slow server. */
function slowServer() {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  mockFetch(async (url) => {
    asked.push(new URL(url, 'http://localhost').pathname);
    await released;
    if (url.includes('/user')) return json(buildUser());
    return json([]);
  });
  return { release, asked };
}

const settled = async () => {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
};

describe('the start page loader', () => {
  it('sends the user and the first screen requests together, and hands the page over once they answered', async () => {
    signIn();
    const server = slowServer();
    const queryClient = createQueryClient();
    prefetchStartPage(queryClient);
    expect(server.asked.filter((path) => path.endsWith('/GetPosts'))).toHaveLength(4);
    expect(server.asked.some((path) => path.endsWith('/GetLinks'))).toBe(true);
    expect(server.asked.some((path) => path.endsWith('/user'))).toBe(true);
    // And what the frame asks for as it appears: the session, the bell, the role picker.
    for (const frame of ['/token', '/notification/date', '/user/related']) {
      expect(
        server.asked.some((path) => path.endsWith(frame)),
        frame,
      ).toBe(true);
    }

    let loaded = false;
    const page = afterStartData(import('./pages/start-page')).then((module) => {
      loaded = true;
      return module;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loaded).toBe(false);

    server.release();
    const module = await page;
    expect(typeof module.default).toBe('function');
    expect(queryClient.getQueryData(currentUserKeys.all)).toBeDefined();
  });

  it('takes the answers of the requests the page at "/" sent early, asking for nothing twice', async () => {
    signIn();
    const server = slowServer();
    sendEarly(startPageRequests());
    const early = server.asked.length;
    expect(early).toBe(startPageRequests().length);
    prefetchStartPage(createQueryClient());
    // Every request of the first screen was among those sent early.
    expect(server.asked).toHaveLength(early);
    server.release();
  });

  it('does not wait longer than the cap for a slow server', async () => {
    signIn();
    slowServer();
    prefetchStartPage(createQueryClient());
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    let loaded = false;
    const page = afterStartData(import('./pages/start-page')).then(() => (loaded = true));
    await settled();
    vi.advanceTimersByTime(startDataWaitMs - 10);
    await settled();
    expect(loaded).toBe(false);
    vi.advanceTimersByTime(20);
    vi.useRealTimers();
    await page;
    expect(loaded).toBe(true);
  });
});

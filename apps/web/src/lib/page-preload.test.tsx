import { render } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PagePreloadContext, preloadRoute, usePagePreload, whenIdle } from './page-preload';

/** A route tree shaped as the app's: layouts without handles, pages with them. */
function routesWith(preloads: Record<string, () => Promise<void>>): RouteObject[] {
  return [
    {
      children: [
        {
          children: [
            { path: '/login', handle: { guards: ['guest'], title: 'Logga in' } },
            { path: '/nyhet/:slug?', handle: { guards: ['auth'], preload: preloads.news } },
            { path: '/kurs/:slug', handle: { guards: ['auth'], preload: preloads.course } },
            // A page not available yet: a handle without a preload.
            { path: '/profile/admin/icon', handle: { guards: ['auth', 'admin'] } },
          ],
        },
      ],
    },
  ];
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('preloadRoute', () => {
  it('fetches the code of the page the path shows, its query aside', async () => {
    const news = vi.fn(() => Promise.resolve());
    const course = vi.fn(() => Promise.resolve());
    const routes = routesWith({ news, course });
    await preloadRoute(routes, '/nyhet/utflykt-till-naturhistoriska-museet-med-3a?visa=1#text');
    expect(news).toHaveBeenCalledOnce();
    expect(course).not.toHaveBeenCalled();
    await preloadRoute(routes, '/kurs/ett-ar');
    expect(course).toHaveBeenCalledOnce();
  });

  it('does nothing for a path no page has, or a page with nothing to fetch', async () => {
    const news = vi.fn(() => Promise.resolve());
    const routes = routesWith({ news, course: news });
    await expect(preloadRoute(routes, '/finns/inte')).resolves.toBeUndefined();
    await expect(preloadRoute(routes, '/profile/admin/icon')).resolves.toBeUndefined();
    await expect(preloadRoute(routes, '/login')).resolves.toBeUndefined();
    expect(news).not.toHaveBeenCalled();
  });
});

describe('whenIdle', () => {
  it('waits for the browser to be idle, and can be called off', () => {
    const callbacks = new Map<number, IdleRequestCallback>();
    let nextId = 1;
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => {
      callbacks.set(nextId, callback);
      return nextId++;
    });
    vi.stubGlobal('cancelIdleCallback', (id: number) => callbacks.delete(id));
    const work = vi.fn();
    whenIdle(work);
    const cancel = whenIdle(work);
    expect(work).not.toHaveBeenCalled();
    cancel();
    for (const callback of callbacks.values()) callback({} as IdleDeadline);
    expect(work).toHaveBeenCalledOnce();
  });

  it('without idle callbacks, runs after a short pause', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    const work = vi.fn();
    whenIdle(work);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(250);
    expect(work).toHaveBeenCalledOnce();
  });
});

describe('usePagePreload', () => {
  function Login({ back }: { back: string | null }) {
    usePagePreload(back);
    return <h1>Logga in</h1>;
  }

  it('preloads the way back once the page is idle, through the router’s preloader', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    const preload = vi.fn<(path: string) => Promise<void>>(() => Promise.resolve());
    render(
      <PagePreloadContext value={preload}>
        <Login back="/nyhet/x?visa=1" />
      </PagePreloadContext>,
    );
    expect(preload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(250);
    expect(preload).toHaveBeenCalledExactlyOnceWith('/nyhet/x?visa=1');
  });

  it('preloads nothing when the page is left before it is idle, or has no way back', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    const preload = vi.fn(() => Promise.resolve());
    const left = render(
      <PagePreloadContext value={preload}>
        <Login back="/nyhet/x" />
      </PagePreloadContext>,
    );
    left.unmount();
    render(
      <PagePreloadContext value={preload}>
        <Login back={null} />
      </PagePreloadContext>,
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(preload).not.toHaveBeenCalled();
  });
});

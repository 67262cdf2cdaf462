import { createContext, useContext, useEffect } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

/** What a route's handle may carry: its page's way to fetch its code ahead (lazy-page.ts). */
export interface PreloadHandle {
  preload?: () => Promise<void>;
}

function preloadOf(handle: unknown): (() => Promise<void>) | undefined {
  if (typeof handle !== 'object' || handle === null || !('preload' in handle)) return undefined;
  const { preload } = handle as PreloadHandle;
  return typeof preload === 'function' ? preload : undefined;
}

/**
 * Fetches the code of the page that `path` (a path with its query) shows in
 * `routes`: the deepest matched route with a handle is the page. Resolves at
 * once when nothing matches or the page has nothing to fetch.
 */
export function preloadRoute(routes: RouteObject[], path: string): Promise<void> {
  const matches = matchRoutes(routes, path) ?? [];
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle: unknown = matches[index]!.route.handle;
    if (handle !== undefined) return preloadOf(handle)?.() ?? Promise.resolve();
  }
  return Promise.resolve();
}

/**
 * Runs `work` once the browser is idle (at the latest after `timeoutMs`), so
 * it never competes with what the reader is doing; returns a cancel.
 */
export function whenIdle(work: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  // Where idle callbacks are missing (Safari before 2025), a short pause instead.
  const id = window.setTimeout(work, 200);
  return () => window.clearTimeout(id);
}

/** Preloads the page at a path of the app; the router gives the one that knows its routes. */
export type PagePreloader = (path: string) => Promise<void>;

export const PagePreloadContext = createContext<PagePreloader>(() => Promise.resolve());

/**
 * While the caller is shown, fetches at idle the code of the page at `path`:
 * the login page's way back, so the page is there the moment the sign-in is.
 */
export function usePagePreload(path: string | null) {
  const preload = useContext(PagePreloadContext);
  useEffect(() => {
    if (!path) return undefined;
    return whenIdle(() => void preload(path));
  }, [preload, path]);
}

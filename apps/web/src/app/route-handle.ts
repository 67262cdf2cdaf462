import { createContext, useContext } from 'react';
import type { RouteMatch } from 'react-router';
import type { PreloadHandle } from '@/lib/page-preload';

/**
 * What every route of the table carries for the guard gate and the document
 * title, and its page's preload for the login page's way back (lib/page-preload.ts).
 */
export interface RouteHandle extends PreloadHandle {
  guards: readonly string[];
  title: string;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'guards' in value && 'title' in value;
}

/** The handle of the deepest matched route: the page being shown. */
export function routeHandleOf(matches: readonly RouteMatch[] | null): RouteHandle | undefined {
  for (let index = (matches?.length ?? 0) - 1; index >= 0; index--) {
    const handle = matches?.[index]?.route.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}

/** The matched page's handle, given by AppRoutes (router.tsx) to the guard gate and the route effects. */
export const RouteHandleContext = createContext<RouteHandle | undefined>(undefined);

export const useRouteHandle = () => useContext(RouteHandleContext);

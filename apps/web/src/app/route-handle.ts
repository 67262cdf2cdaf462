import type { UIMatch } from 'react-router';

/** What every route of the table carries for the guard gate and the document title. */
export interface RouteHandle {
  guards: readonly string[];
  title: string;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'guards' in value && 'title' in value;
}

/** The handle of the deepest matched route: the page being shown. */
export function routeHandleOf(matches: readonly UIMatch[]): RouteHandle | undefined {
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}

import { format, svShell } from '@skolportalen/shared';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { trackPageView } from '@/lib/analytics';
import { requestHeadingFocus } from '@/lib/route-focus';
import { useRouteHandle } from './route-handle';
import { prefetchStartPage } from './start-prefetch';

/**
 * Per navigation: scroll to the top (spec §2), move focus to the new page's
 * heading, and name the page in the document title.
 */
export function RouteEffects() {
  const { pathname } = useLocation();
  const title = useRouteHandle()?.title;
  const previous = useRef(pathname);
  const queryClient = useQueryClient();

  // Arriving at "/" from another page: the start page's requests leave alongside the page's
  // code. (Opening the portal at "/" asked for them already, in main.tsx.)
  useLayoutEffect(() => {
    if (pathname === '/' && previous.current !== pathname) prefetchStartPage(queryClient);
  }, [pathname, queryClient]);

  // A layout effect, so the request is raised before the new page's heading runs its effect.
  useLayoutEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    window.scrollTo(0, 0);
    requestHeadingFocus();
  }, [pathname]);

  useEffect(() => trackPageView(pathname), [pathname]);

  useEffect(() => {
    document.title = title ? format(svShell.documentTitle, { page: title }) : svShell.app.name;
  }, [title]);

  return null;
}

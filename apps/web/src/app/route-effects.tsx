import { format, sv } from '@skolportalen/shared';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';
import { trackPageView } from '@/lib/analytics';
import { requestHeadingFocus } from '@/lib/route-focus';
import { routeHandleOf } from './route-handle';

/**
 * Per navigation: scroll to the top (spec §2), move focus to the new page's
 * heading, and name the page in the document title.
 */
export function RouteEffects() {
  const { pathname } = useLocation();
  const title = routeHandleOf(useMatches())?.title;
  const previous = useRef(pathname);

  // A layout effect, so the request is raised before the new page's heading runs its effect.
  useLayoutEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    window.scrollTo(0, 0);
    requestHeadingFocus();
  }, [pathname]);

  useEffect(() => trackPageView(pathname), [pathname]);

  useEffect(() => {
    document.title = title ? format(sv.documentTitle, { page: title }) : sv.app.name;
  }, [title]);

  return null;
}

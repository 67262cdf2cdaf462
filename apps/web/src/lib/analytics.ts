import { analyticsEndpoints } from '@skolportalen/shared/endpoints/analytics';
import { endpointUrl, type BodyOf } from '@skolportalen/shared/endpoints/endpoint';
import { matchesPagePattern, secretPagePatterns } from '@skolportalen/shared/page-routes';
import { takeEarlyResponse } from './early-requests';

let enabled: Promise<boolean> | undefined;

/**
 * Profile addresses carry a user id, and a must-read mail's link its secret:
 * each is counted as one page.
 */
function anonymousPath(pathname: string): string {
  if (pathname.startsWith('/profile/info/')) return '/profile/info';
  const secret = secretPagePatterns.find((pattern) => matchesPagePattern(pattern, pathname));
  return secret ? secret.slice(0, secret.indexOf('/:')) : pathname;
}

/**
 * Counts a page view when the server says this host is the production portal
 * (spec §9). Cookie-less and outside the API client: a failure here never
 * shows an error, a spinner or anything else to the user. So it takes the
 * declared addresses but sends with fetch of its own rather than `call`.
 */
export function trackPageView(pathname: string) {
  const url = endpointUrl(analyticsEndpoints.config);
  // The page the server made for a signed-in reader carries the answer (first screen).
  enabled ??= (takeEarlyResponse('GET', url, undefined) ?? fetch(url, { credentials: 'omit' }))
    .then((response) => (response.ok ? response.json() : { enabled: false }))
    .then((body: { enabled?: unknown }) => body.enabled === true)
    .catch(() => false);
  void enabled.then((on) => {
    if (!on) return;
    const { pageView } = analyticsEndpoints;
    const body: BodyOf<typeof pageView> = { path: anonymousPath(pathname) };
    void fetch(endpointUrl(pageView), {
      method: pageView.method,
      credentials: 'omit',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).catch(() => undefined);
  });
}

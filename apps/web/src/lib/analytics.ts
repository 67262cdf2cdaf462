import { apiPaths } from './paths';

let enabled: Promise<boolean> | undefined;

/** Profile addresses carry a user id; they are counted as one page. */
function anonymousPath(pathname: string): string {
  return pathname.startsWith('/profile/info/') ? '/profile/info' : pathname;
}

/**
 * Counts a page view when the server says this host is the production portal
 * (spec §9). Cookie-less and outside the API client: a failure here never
 * shows an error, a spinner or anything else to the user.
 */
export function trackPageView(pathname: string) {
  enabled ??= fetch(apiPaths.analyticsConfig(), { credentials: 'omit' })
    .then((response) => (response.ok ? response.json() : { enabled: false }))
    .then((body: { enabled?: unknown }) => body.enabled === true)
    .catch(() => false);
  void enabled.then((on) => {
    if (!on) return;
    void fetch(apiPaths.pageView(), {
      method: 'POST',
      credentials: 'omit',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: anonymousPath(pathname) }),
    }).catch(() => undefined);
  });
}

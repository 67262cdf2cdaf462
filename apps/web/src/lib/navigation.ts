/**
 * Lets code outside React (the API client, the chunk reload guard) move the
 * router. The app registers the router's navigate on start; until then, and in
 * tests that do not register one, a full page load is used.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: Navigate = (to) => window.location.assign(to);

export function setNavigator(navigate: Navigate) {
  navigateImpl = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }) {
  navigateImpl(to, options);
}

/** A full page load: used after a role switch or unmask, when every cache must start over. */
export function fullPageLoad(to: string) {
  window.location.assign(to);
}

export function reloadPage() {
  window.location.reload();
}

export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

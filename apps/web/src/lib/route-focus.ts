/**
 * Moves focus to the new page's main heading after client-side navigation
 * (WCAG 2.4.3), so screen-reader users hear where they landed. The router
 * effects raise the request; the page heading takes it when it mounts, which
 * also covers pages that arrive later through React.lazy.
 */
let focusRequested = false;

export function requestHeadingFocus() {
  focusRequested = true;
}

export function takeHeadingFocusRequest(): boolean {
  const requested = focusRequested;
  focusRequested = false;
  return requested;
}

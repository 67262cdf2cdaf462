/**
 * Moves focus to the new page's main heading after client-side navigation
 * (WCAG 2.4.3), so screen-reader users hear where they landed. The router
 * effects raise the request; the page heading takes it when it mounts, which
 * also covers pages that arrive later through React.lazy.
 *
 * A page that arrives late must not pull the focus away from where the user
 * has since put it (the notification bell, a menu in the header): the request
 * remembers what had the focus when it was raised, and the heading takes the
 * focus only if that is still so, or if the focus fell back to the page body
 * with the old page.
 */
let focusRequested = false;
let focusedAtRequest: Element | null = null;

export function requestHeadingFocus() {
  focusRequested = true;
  focusedAtRequest = document.activeElement;
}

export function takeHeadingFocusRequest(): boolean {
  const requested = focusRequested;
  const before = focusedAtRequest;
  focusRequested = false;
  focusedAtRequest = null;
  if (!requested) return false;
  const now = document.activeElement;
  return now === null || now === document.body || now === before;
}

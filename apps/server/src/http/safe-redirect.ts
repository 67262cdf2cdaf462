/**
 * The longest way back kept through a sign-in: an identity provider carries it
 * as the relay state and some refuse longer ones. A longer one is dropped, and
 * the person signs in all the same and lands on the fallback.
 */
export const maxWayBackLength = 2000;

/** Only a path on this portal, so no redirect parameter can send anyone elsewhere. */
export function safeRedirectPath(
  target: string | undefined,
  host: string,
  fallback: string,
): string {
  if (!target || target.length > maxWayBackLength) return fallback;
  try {
    const base = new URL(`http://${host}`);
    const url = new URL(target, base);
    if (url.host !== base.host || !url.pathname.startsWith('/') || url.pathname.startsWith('//'))
      return fallback;
    return `${url.pathname}${url.search}`;
  } catch {
    return fallback;
  }
}

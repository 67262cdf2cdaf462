/** Only a path on this portal, so no redirect parameter can send anyone elsewhere. */
export function safeRedirectPath(
  target: string | undefined,
  host: string,
  fallback: string,
): string {
  if (!target) return fallback;
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

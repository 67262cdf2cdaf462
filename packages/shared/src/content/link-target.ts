/**
 * Where a link leads, decided the way the browser will decide it (issue 20
 * F4): the address is resolved with the WHATWG URL parser against the
 * portal's origin, so `/\host`, `https:host`, `//host`, tabs or line breaks
 * inside the scheme and mixed case all come out as the browser reads them,
 * not as a pattern on the raw text guesses. The server's HTML policy and the
 * web's renderers both ask here.
 */

/** The part of a WHATWG URL this module reads. */
interface ParsedUrl {
  readonly protocol: string;
  readonly origin: string;
  readonly href: string;
}

// The shared package compiles without DOM or Node types; both runtimes have the same URL.
const WhatwgUrl = (
  globalThis as unknown as { URL: new (input: string, base?: string) => ParsedUrl }
).URL;

const webProtocols = new Set(['http:', 'https:']);
/** Protocols a link may hand to another program; they never open a tab. */
const handedOffProtocols = new Set(['mailto:', 'tel:']);

function parse(href: string, base?: string): ParsedUrl | null {
  try {
    return new WhatwgUrl(href, base);
  } catch {
    return null;
  }
}

export interface ResolvedLink {
  /** The address as the browser will follow it. */
  readonly href: string;
  /** It leaves the portal: opens in a new tab with `rel="noopener"`. */
  readonly external: boolean;
}

/**
 * Resolves a link against the portal's origin. `null` when it cannot be
 * followed safely: unparseable, or a protocol other than http(s), mailto, tel.
 */
export function resolveLink(href: string, siteOrigin: string): ResolvedLink | null {
  const site = parse(siteOrigin);
  const url = parse(href, siteOrigin);
  if (!site || !url) return null;
  if (handedOffProtocols.has(url.protocol)) return { href: url.href, external: false };
  if (!webProtocols.has(url.protocol)) return null;
  return { href: url.href, external: url.origin !== site.origin };
}

/** A link that leaves the portal (another origin, however the address is written). */
export function isExternalLink(href: string, siteOrigin: string): boolean {
  return resolveLink(href, siteOrigin)?.external ?? false;
}

// Stands in for the portal where the real origin is not known (schemas shared by both sides).
const placeholderOrigin = 'https://portal.invalid';

/**
 * The address rule of block and post fields: an absolute http(s) address, or
 * a path that the browser resolves to this same site (`/media/…`, not `/\host`).
 */
export function isWebAddressOrSitePath(value: string): boolean {
  if (/[\s\p{Cc}]/u.test(value)) return false;
  if (/^https?:\/\//i.test(value)) return parse(value) !== null;
  if (!value.startsWith('/')) return false;
  return parse(value, placeholderOrigin)?.origin === placeholderOrigin;
}

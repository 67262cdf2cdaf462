import {
  createHtmlSanitizer,
  isExternalLink,
  isWebAddressOrSitePath,
  type HtmlSanitizer,
} from '@skolportalen/shared';

let sanitizer: HtmlSanitizer | undefined;

/**
 * The shared HTML policy run again in the browser (ARCHITECTURE §7): what the
 * server stored is sanitised on render too, so a stored value never runs.
 */
export function sanitizeHtml(html: string): string {
  sanitizer ??= createHtmlSanitizer(window, window.location.origin);
  return sanitizer(html);
}

/**
 * A link that leaves the portal opens in a new tab, as the HTML policy does for
 * links in text: the same shared decision, on the address as the browser reads it.
 */
export function isExternalUrl(url: string): boolean {
  return isExternalLink(url, window.location.origin);
}

/** Only http(s) addresses and paths on this site are followed (as the block schema allows). */
export function safeUrl(url: string): string | undefined {
  const value = url.trim();
  return isWebAddressOrSitePath(value) ? value : undefined;
}

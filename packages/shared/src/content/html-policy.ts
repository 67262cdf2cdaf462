import createDOMPurify, { type WindowLike } from 'dompurify';
import { resolveLink } from './link-target';

/**
 * The one HTML policy of the portal (ARCHITECTURE §7, spec §4): only the tags
 * the rich-text editor produces; on links only `href` and `target`; external
 * links open in a new tab with `rel="noopener"`. The server runs it on write
 * (with a jsdom window), the browser again on render.
 */
export const allowedHtmlTags = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'h5',
  'blockquote',
  'code',
  'pre',
  'hr',
] as const;

export const allowedHtmlAttributes = ['href', 'target'] as const;

/** http(s), mailto, tel, and paths on this site; nothing that can run. */
const safeHref = /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i;

export type HtmlSanitizer = (html: string) => string;

/**
 * Builds the sanitiser for a window (the browser's, or jsdom's on the server).
 * `siteOrigin` is what links are resolved against to tell internal from external.
 */
export function createHtmlSanitizer(window: WindowLike, siteOrigin: string): HtmlSanitizer {
  const purify = createDOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const href = node.getAttribute('href');
    // Decided on the address as the browser resolves it, not on its spelling.
    const link = href === null ? null : resolveLink(href, siteOrigin);
    if (href !== null && (!safeHref.test(href.trim()) || link === null))
      node.removeAttribute('href');
    const target = node.getAttribute('target');
    if (target !== null && target !== '_blank') node.removeAttribute('target');
    if (node.hasAttribute('href') && link?.external) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener');
    } else if (node.getAttribute('target') === '_blank') {
      node.setAttribute('rel', 'noopener');
    }
  });
  return (html: string) =>
    purify.sanitize(html, {
      ALLOWED_TAGS: [...allowedHtmlTags],
      ALLOWED_ATTR: [...allowedHtmlAttributes],
      ALLOW_DATA_ATTR: false,
      ALLOW_ARIA_ATTR: false,
      KEEP_CONTENT: true,
      // `rel` is added by the hook above, after the attribute filter has run.
      ADD_ATTR: [],
    });
}

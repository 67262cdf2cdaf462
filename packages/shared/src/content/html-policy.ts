import createDOMPurify, { type WindowLike } from 'dompurify';

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
 * `siteOrigin` decides which absolute links count as internal.
 */
export function createHtmlSanitizer(window: WindowLike, siteOrigin: string): HtmlSanitizer {
  const purify = createDOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const href = node.getAttribute('href');
    if (href !== null && !safeHref.test(href.trim())) node.removeAttribute('href');
    const target = node.getAttribute('target');
    if (target !== null && target !== '_blank') node.removeAttribute('target');
    const link = node.getAttribute('href');
    if (link !== null && isExternal(link, siteOrigin)) {
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

const originPattern = /^(https?:\/\/[^/?#\s]+)/i;

function isExternal(href: string, siteOrigin: string): boolean {
  const origin = originPattern.exec(href.trim())?.[1];
  if (origin === undefined) return false;
  return origin.toLowerCase() !== siteOrigin.replace(/\/+$/, '').toLowerCase();
}

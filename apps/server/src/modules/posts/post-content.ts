import {
  allowedEmbedUrl,
  createHtmlSanitizer,
  flattenBlocks,
  format,
  splitCells,
  sv,
  videoServiceNames,
  type Block,
  type HtmlSanitizer,
} from '@skolportalen/shared';
import type { FieldError } from '../../http/errors';
import { joinBlockTexts } from '../search/search-text';

const sanitizers = new Map<string, HtmlSanitizer>();

/**
 * The shared HTML policy on a jsdom window. jsdom is loaded on first use (it
 * costs seconds at start-up) and one window per site origin is kept: building
 * a DOM is far dearer than sanitising.
 */
export async function htmlSanitizer(siteOrigin: string): Promise<HtmlSanitizer> {
  let sanitize = sanitizers.get(siteOrigin);
  if (!sanitize) {
    const { JSDOM } = await import('jsdom');
    const { window } = new JSDOM('');
    sanitize = createHtmlSanitizer(window as Parameters<typeof createHtmlSanitizer>[0], siteOrigin);
    sanitizers.set(siteOrigin, sanitize);
  }
  return sanitize;
}

/**
 * A copy of the tree with every piece of stored HTML run through the policy:
 * html blocks and card texts (the renderer shows card text as rich text).
 */
export function sanitizeBlocks(tree: readonly Block[], sanitize: HtmlSanitizer): Block[] {
  return tree.map((node): Block => {
    const children = sanitizeBlocks(node.children, sanitize);
    if (node.type === 'html') {
      return { ...node, props: { html: sanitize(node.props.html) }, children };
    }
    if (node.type === 'card') {
      return { ...node, props: { ...node.props, text: sanitize(node.props.text) }, children };
    }
    return { ...node, children } as Block;
  });
}

/**
 * A video block frames only a player of an allowed service (VIDEO_EMBED_HOSTS,
 * issue 20 F7): the browser checks again on render, the CSP a third time.
 */
export function videoProblems(
  tree: readonly Block[],
  allowedOrigins: readonly string[],
): FieldError[] {
  const refused = flattenBlocks(tree).some(
    (node) =>
      node.type === 'video' &&
      node.props.videoSrc.trim() !== '' &&
      allowedEmbedUrl(node.props.videoSrc, allowedOrigins) === null,
  );
  if (!refused) return [];
  const hosts = videoServiceNames(allowedOrigins);
  return [{ field: 'content', message: format(sv.blocks.videoHostNotAllowed, { hosts }) }];
}

const tagPattern = /<[^>]*>/g;
const entities: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

function plainText(html: string): string {
  return html
    .replace(/<\/(p|li|h[1-6]|blockquote|pre)>|<br\s*\/?>/gi, ' ')
    .replace(tagPattern, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => entities[entity] ?? ' ');
}

/** The words of the blocks, for the search column (headings, text, cards, tables, captions). */
export function blockSearchText(tree: readonly Block[]): string {
  const parts: string[] = [];
  for (const node of flattenBlocks(tree)) {
    switch (node.type) {
      case 'heading':
        parts.push(node.props.text);
        break;
      case 'html':
        parts.push(plainText(node.props.html));
        break;
      case 'card':
        parts.push(node.props.title, plainText(node.props.text), node.props.buttonLabel);
        break;
      case 'table':
        parts.push(node.props.caption);
        break;
      case 'table-heading':
        parts.push(splitCells(node.props.headings).join(' '));
        break;
      case 'table-row':
        parts.push(splitCells(node.props.items).join(' '));
        break;
      case 'image':
        parts.push(node.props.caption, node.props.alt);
        break;
      default:
        break;
    }
  }
  return joinBlockTexts(parts).slice(0, 200_000);
}

/** Media file names the blocks show from the library (`/media/{filename}`). */
export function blockMediaFilenames(tree: readonly Block[]): string[] {
  const names = new Set<string>();
  const add = (src: string) => {
    const match = /^\/media\/([^/?#\s]+)/.exec(src.trim());
    if (!match) return;
    try {
      names.add(decodeURIComponent(match[1]!));
    } catch {
      names.add(match[1]!);
    }
  };
  for (const node of flattenBlocks(tree)) {
    if (node.type === 'image') add(node.props.imgSrc);
    if (node.type === 'card') add(node.props.imgSrc);
  }
  return [...names];
}

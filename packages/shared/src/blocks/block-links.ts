import type { Block } from './blocks';

/** A link a post's blocks hold: in an html block's text or a card's button. */
export interface BlockLink {
  blockId: string;
  path: string;
  field: 'html' | 'buttonUrl';
  href: string;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

/** The `href` of each `<a>` in some (sanitised) HTML, its entities decoded. */
export function hrefsOf(html: string): string[] {
  const hrefs: string[] = [];
  for (const match of html.matchAll(/<a\b[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
    const raw = (match[1] ?? match[2] ?? '').trim();
    if (raw)
      hrefs.push(raw.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => entities[name]!));
  }
  return hrefs;
}

/** Every link in a block tree, in document order. */
export function blockLinks(content: readonly Block[]): BlockLink[] {
  const links: BlockLink[] = [];
  const visit = (blocks: readonly Block[], parentPath: string) => {
    blocks.forEach((block, index) => {
      const path = `${parentPath}.${index}`;
      if (block.type === 'html') {
        for (const href of hrefsOf(block.props.html))
          links.push({ blockId: block.id, path, field: 'html', href });
      } else if (block.type === 'card' && block.props.buttonUrl.trim() !== '') {
        links.push({
          blockId: block.id,
          path,
          field: 'buttonUrl',
          href: block.props.buttonUrl.trim(),
        });
      }
      if (block.children?.length) visit(block.children, `${path}.children`);
    });
  };
  visit(content, 'content');
  return links;
}

/**
 * The media library file a link leads to when it is a PDF there: a path on
 * this site (`/media/…pdf`) or the same address on the site's own origin.
 */
export function mediaPdfFilename(href: string, siteOrigin?: string): string | null {
  let path = href;
  const absolute = /^(https?:\/\/[^/?#]+)(\/[^?#]*)?/i.exec(href);
  if (absolute) {
    const origin = siteOrigin?.replace(/\/+$/, '').toLowerCase();
    if (!origin || absolute[1]!.toLowerCase() !== origin) return null;
    path = absolute[2] ?? '/';
  }
  const match = /^\/media\/([A-Za-z0-9._-]+\.pdf)(?:[?#].*)?$/i.exec(path);
  return match ? match[1]! : null;
}

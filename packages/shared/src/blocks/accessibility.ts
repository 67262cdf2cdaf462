import { format } from '../texts/format';
import { sv } from '../texts/sv';
import { blockLinks, mediaPdfFilename } from './block-links';
import type { Block } from './blocks';

const t = sv.posts.builder.accessibility;

/**
 * What the editor tells a writer about the page's accessibility (issue 13,
 * "Editor help"): an image without alternative text must be fixed before
 * publishing; skipped heading levels and links without telling text are
 * warnings. `field` is the block's field the notice belongs to, `path` the
 * block's place in the tree as the server's error paths name it.
 */
export interface AccessibilityNotice {
  blockId: string;
  path: string;
  field: string;
  severity: 'error' | 'warning';
  message: string;
}

/** The level a heading block is shown at: the page title is the only h1 (heading-block.tsx). */
export const headingLevelOf = (size: number) => Math.min(Math.max(size, 2), 5);

/** Link texts that say nothing about where the link leads. */
const vagueLinkTexts = new Set([
  'här',
  'klicka här',
  'klicka',
  'länk',
  'läs mer',
  'mer',
  'denna länk',
  'den här länken',
]);

/** A link text that is an address: read out character by character. */
const bareAddress = /^(?:https?:\/\/|www\.)\S+$/i;

/**
 * Three words or more in capitals in a row (at least twelve letters):
 * shouting, and harder to read. Abbreviations such as "SFI" or "IT" pass.
 */
function shoutedPart(text: string): string | null {
  const match =
    /\b[A-ZÅÄÖÉÜ]{2,}\b[\s,.!?:;-]+(?:\b[A-ZÅÄÖÉÜ]+\b[\s,.!?:;-]+)+\b[A-ZÅÄÖÉÜ]{2,}\b/u.exec(text);
  if (!match) return null;
  return match[0].replace(/[^A-ZÅÄÖÉÜ]/gu, '').length >= 12 ? match[0].trim() : null;
}

const entities: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"' };

/** The text a reader hears of some (sanitised) HTML; images count by their alt text. */
function spokenText(html: string): string {
  return html
    .replace(/<img\b[^>]*\balt\s*=\s*"([^"]*)"[^>]*>/gi, ' $1 ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(nbsp|amp|lt|gt|quot);/g, (_, name: string) => entities[name] ?? ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Heading levels and links inside an html block, in document order. */
function htmlParts(html: string) {
  const parts: ({ kind: 'heading'; level: number } | { kind: 'link'; text: string })[] = [];
  const pattern = /<h([1-6])\b[^>]*>|<a\b[^>]*>([\s\S]*?)<\/a>/gi;
  for (const match of html.matchAll(pattern)) {
    if (match[1]) parts.push({ kind: 'heading', level: Number(match[1]) });
    else parts.push({ kind: 'link', text: spokenText(match[2] ?? '') });
  }
  return parts;
}

/** What the check knows beyond the blocks: the media library's PDFs that are not tagged. */
export interface AccessibilityContext {
  /** Stored file names (`/media/{filename}`) of PDFs without tags (decision 0046). */
  untaggedPdfs?: ReadonlySet<string>;
  /** The site's origin, so a full address to its own `/media/` counts as well. */
  siteOrigin?: string;
}

export function accessibilityNotices(
  content: readonly Block[],
  context: AccessibilityContext = {},
): AccessibilityNotice[] {
  const notices: AccessibilityNotice[] = [];
  // The page's title is the h1 every heading follows.
  let previousLevel = 1;
  const heading = (block: Block, path: string, field: string, level: number) => {
    if (level > previousLevel + 1) {
      notices.push({
        blockId: block.id,
        path,
        field,
        severity: 'warning',
        message: format(t.headingSkipped, { from: previousLevel, to: level }),
      });
    }
    previousLevel = level;
  };

  const capitalsNotice = (block: Block, path: string, field: string, text: string) => {
    const shouted = shoutedPart(text);
    if (shouted) {
      notices.push({
        blockId: block.id,
        path,
        field,
        severity: 'warning',
        message: format(t.allCapitals, { text: shouted }),
      });
    }
  };

  const visit = (blocks: readonly Block[], parentPath: string) => {
    blocks.forEach((block, index) => {
      const path = `${parentPath}.${index}`;
      switch (block.type) {
        case 'heading':
          heading(block, path, 'text', headingLevelOf(block.props.size));
          capitalsNotice(block, path, 'text', block.props.text);
          break;
        case 'table':
          if (!block.children?.some((child) => child.type === 'table-heading')) {
            notices.push({
              blockId: block.id,
              path,
              field: 'caption',
              severity: 'error',
              message: t.tableWithoutHeadings,
            });
          }
          break;
        case 'image':
          if (block.props.imgSrc.trim() !== '' && block.props.alt.trim() === '') {
            notices.push({
              blockId: block.id,
              path,
              field: 'alt',
              severity: 'error',
              message: t.altMissing,
            });
          }
          break;
        case 'html':
          for (const part of htmlParts(block.props.html)) {
            if (part.kind === 'heading') {
              heading(block, path, 'html', part.level);
              continue;
            }
            const vague = vagueLinkTexts.has(
              part.text.toLocaleLowerCase('sv').replace(/[.!:]$/, ''),
            );
            if (part.text === '' || vague) {
              notices.push({
                blockId: block.id,
                path,
                field: 'html',
                severity: 'warning',
                message: part.text === '' ? t.emptyLink : format(t.vagueLink, { text: part.text }),
              });
            } else if (bareAddress.test(part.text)) {
              notices.push({
                blockId: block.id,
                path,
                field: 'html',
                severity: 'warning',
                message: format(t.bareAddress, { text: part.text }),
              });
            }
          }
          capitalsNotice(block, path, 'html', spokenText(block.props.html));
          break;
        case 'video':
          if (block.props.videoSrc.trim() !== '' && !block.props.captioned) {
            notices.push({
              blockId: block.id,
              path,
              field: 'captioned',
              severity: 'warning',
              message: t.videoWithoutCaptions,
            });
          }
          break;
        default:
          break;
      }
      if (block.children?.length) visit(block.children, `${path}.children`);
    });
  };
  visit(content, 'content');
  const untagged = context.untaggedPdfs;
  if (untagged && untagged.size > 0) {
    for (const link of blockLinks(content)) {
      const filename = mediaPdfFilename(link.href, context.siteOrigin);
      if (filename && untagged.has(filename)) {
        notices.push({
          blockId: link.blockId,
          path: link.path,
          field: link.field,
          severity: 'warning',
          message: t.untaggedPdf,
        });
      }
    }
  }
  // In the order of the page, the PDF links among the rest.
  return notices
    .map((notice, index) => ({ notice, index }))
    .sort((a, b) => comparePaths(a.notice.path, b.notice.path) || a.index - b.index)
    .map(({ notice }) => notice);
}

/** Tree paths ("content.1.children.0") in document order. */
function comparePaths(a: string, b: string): number {
  const left = a.split('.');
  const right = b.split('.');
  for (let index = 0; index < Math.min(left.length, right.length); index += 1) {
    const difference = Number(left[index]) - Number(right[index]);
    if (!Number.isNaN(difference) && difference !== 0) return difference;
  }
  return left.length - right.length;
}

/** The media library PDFs a post links to, by stored file name: whose tags the editor asks for. */
export function linkedMediaPdfs(content: readonly Block[], siteOrigin?: string): string[] {
  const names = blockLinks(content)
    .map((link) => mediaPdfFilename(link.href, siteOrigin))
    .filter((name): name is string => name !== null);
  return [...new Set(names)].sort();
}

/** The text a reader reads of a post: its title, excerpt and blocks, for its readability (LIX). */
export function readableText(post: {
  title?: string;
  excerpt?: string;
  content: readonly Block[];
}): string {
  const parts: string[] = [];
  // A title or heading without a full stop is still a sentence of its own.
  const sentence = (text: string) => {
    const trimmed = text.trim();
    if (trimmed) parts.push(/[.!?:]$/.test(trimmed) ? trimmed : `${trimmed}.`);
  };
  if (post.title) sentence(post.title);
  if (post.excerpt) parts.push(post.excerpt.trim());
  const visit = (blocks: readonly Block[]) => {
    for (const block of blocks) {
      if (block.type === 'heading') sentence(block.props.text);
      else if (block.type === 'html')
        parts.push(
          spokenText(
            block.props.html.replace(/<\/(p|h[1-6]|li|div)>/gi, (tag) => `. ${tag}`),
          ).replace(/([.!?:])\s*\./g, '$1'),
        );
      if (block.children?.length) visit(block.children);
    }
  };
  visit(post.content);
  return parts.join(' ');
}

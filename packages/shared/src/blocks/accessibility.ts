import { format } from '../texts/format';
import { sv } from '../texts/sv';
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

export function accessibilityNotices(content: readonly Block[]): AccessibilityNotice[] {
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

  const visit = (blocks: readonly Block[], parentPath: string) => {
    blocks.forEach((block, index) => {
      const path = `${parentPath}.${index}`;
      switch (block.type) {
        case 'heading':
          heading(block, path, 'text', headingLevelOf(block.props.size));
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
            }
          }
          break;
        default:
          break;
      }
      if (block.children?.length) visit(block.children, `${path}.children`);
    });
  };
  visit(content, 'content');
  return notices;
}

import {
  blockTexts,
  flattenBlocks,
  splitCells,
  type Block,
  type HtmlSanitizer,
} from '@skolportalen/shared';

/** What of a post goes to the provider. */
export interface PostTexts {
  title: string;
  excerpt: string;
  content: readonly Block[];
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const named: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : Number(body.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : '';
    }
    return named[body.toLowerCase()] ?? entity;
  });
}

/**
 * A provider's answer for a plain-text field (a title, a caption): run
 * through the HTML policy like any other answer, then its text only. No
 * markup survives, whatever the provider sent.
 */
export function plainFrom(answer: string, sanitize: HtmlSanitizer): string {
  return decodeEntities(sanitize(answer).replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

interface Segment {
  /** Sent to the provider: HTML (plain texts escaped). */
  html: string;
  /** Puts the provider's answer back where it came from. */
  put: (answer: string) => void;
}

/**
 * Splits a post into the fragments a provider translates (empty texts are
 * not sent), and gives back a function that builds the translated post from
 * the answers: HTML sanitised, plain texts stripped of any markup, table
 * cells one by one. The tree is the original's with its texts replaced.
 */
export function segmentsOf(post: PostTexts, sanitize: HtmlSanitizer) {
  const result = {
    title: post.title,
    excerpt: post.excerpt,
    content: structuredClone(post.content) as Block[],
  };
  const segments: Segment[] = [];
  const plain = (value: string, put: (text: string) => void) => {
    if (value.trim() !== '')
      segments.push({ html: escapeHtml(value), put: (answer) => put(plainFrom(answer, sanitize)) });
  };
  plain(post.title, (text) => (result.title = text || post.title));
  plain(post.excerpt, (text) => (result.excerpt = text));

  const nodes = new Map(flattenBlocks(result.content).map((node) => [node.id, node]));
  for (const text of blockTexts(post.content)) {
    const props = nodes.get(text.blockId)!.props as unknown as Record<string, string>;
    if (text.kind === 'plain') plain(text.value, (value) => (props[text.prop] = value));
    else if (text.kind === 'html') {
      if (text.value.trim() !== '') {
        segments.push({ html: text.value, put: (answer) => (props[text.prop] = sanitize(answer)) });
      }
    } else {
      const cells = splitCells(text.value);
      const translated = [...cells];
      cells.forEach((cell, index) =>
        plain(cell, (value) => {
          translated[index] = value.replace(/\|/g, '/');
          props[text.prop] = translated.join(' | ');
        }),
      );
    }
  }
  return {
    html: segments.map((segment) => segment.html),
    characters: segments.reduce((sum, segment) => sum + segment.html.length, 0),
    build(answers: readonly string[]): { title: string; excerpt: string; content: Block[] } {
      segments.forEach((segment, index) => segment.put(answers[index] ?? ''));
      return result;
    },
  };
}

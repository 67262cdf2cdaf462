import { allowedHtmlTags, flattenBlocks, type Block } from '@skolportalen/shared';
import { eq } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { clientFor, createPost, postUrl, type Client } from '../../../test/posts-helpers';
import { xssVectors } from '../../../test/xss-vectors';
import { posts } from '../../db/schema';

let t: TestContext;
/** The teacher's school: a teacher aims at her own school (decision 0028). */
let school: number;
let teacher: Client;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  const author = await buildUser(t, { role: 'role_teacher' });
  teacher = await clientFor(t, author);
  school = author.school!.id;
});
afterAll(() => t.close());

interface ParsedElement {
  tagName: string;
  attributes: ArrayLike<{ name: string; value: string }>;
}
/** The few DOM calls the check makes (the server compiles without the DOM library). */
const { window } = new JSDOM('') as unknown as {
  window: {
    document: {
      createElement(tag: 'template'): {
        innerHTML: string;
        content: { querySelectorAll(selector: string): ArrayLike<ParsedElement> };
      };
    };
  };
};
const safeHref = /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i;

/** Everything wrong with a stored piece of HTML, judged by parsing it as a browser would. */
function problemsIn(html: string): string[] {
  const template = window.document.createElement('template');
  template.innerHTML = html;
  const problems: string[] = [];
  for (const element of Array.from(template.content.querySelectorAll('*'))) {
    const tag = element.tagName.toLowerCase();
    if (!(allowedHtmlTags as readonly string[]).includes(tag)) problems.push(`tag <${tag}>`);
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      if (!['href', 'target', 'rel'].includes(name)) problems.push(`attribute ${name}`);
      if (name === 'href' && !safeHref.test(attribute.value.trim()))
        problems.push(`href ${attribute.value}`);
      if (name === 'target' && attribute.value !== '_blank')
        problems.push(`target ${attribute.value}`);
      if (name === 'rel' && attribute.value !== 'noopener') problems.push(`rel ${attribute.value}`);
    }
  }
  return problems;
}

const storedHtml = (content: Block[]) =>
  flattenBlocks(content).flatMap((node) =>
    node.type === 'html' ? [node.props.html] : node.type === 'card' ? [node.props.text] : [],
  );

describe('stored HTML against the OWASP filter-evasion vectors', () => {
  it('has a corpus of at least 300 distinct vectors', () => {
    expect(new Set(xssVectors).size).toBe(xssVectors.length);
    expect(xssVectors.length).toBeGreaterThanOrEqual(300);
  });

  it('keeps nothing that can run, in html blocks and card texts, on create and on edit', async () => {
    const blocks: Block[] = xssVectors.flatMap((vector, index) => [
      { id: `h${index}`, type: 'html', version: 1, props: { html: vector }, children: [] },
      {
        id: `c${index}`,
        type: 'card',
        version: 1,
        props: { title: 'Kort', text: vector, imgSrc: '', buttonLabel: '', buttonUrl: '' },
        children: [],
      },
    ]);
    // Several posts: a tree is capped at 400 blocks.
    const chunks: Block[][] = [];
    for (let start = 0; start < blocks.length; start += 300)
      chunks.push(blocks.slice(start, start + 300));
    const created = [];
    for (const [index, chunk] of chunks.entries())
      created.push(
        await createPost(teacher, { nodeIds: [school], title: `XSS ${index + 1}`, content: chunk }),
      );
    const stored = await t.db.select().from(posts).where(eq(posts.authorId, created[0]!.authorId!));
    const problems = stored
      .filter((row) => row.title.startsWith('XSS'))
      .flatMap((row) => storedHtml(row.content))
      .flatMap((html) => problemsIn(html).map((problem) => `${problem} in ${html}`));
    expect(problems).toEqual([]);
    expect(
      stored.filter((row) => row.title.startsWith('XSS')).flatMap((row) => storedHtml(row.content)),
    ).toHaveLength(xssVectors.length * 2);

    // The page-builder document is sanitised the same way.
    const editor = await teacher('GET', `/api/core/v1/editor/${created[0]!.id}`);
    const saved = await teacher('PUT', `/api/core/v1/editor/${created[0]!.id}`, {
      version: editor.json().version,
      content: chunks[0],
    });
    expect(saved.statusCode).toBe(200);
    const [row] = await t.db.select().from(posts).where(eq(posts.id, created[0]!.id));
    expect(storedHtml(row!.content).flatMap(problemsIn)).toEqual([]);
  });

  it('keeps the editor’s own markup and marks external links', async () => {
    const post = await createPost(teacher, {
      nodeIds: [school],
      title: 'Vanlig text',
      content: [
        {
          id: 'a',
          type: 'html',
          props: {
            html: '<h2>Rubrik</h2><p><strong>Fet</strong> och <em>kursiv</em> <a href="https://www.skolverket.se">extern</a> <a href="/sida/om">intern</a></p><ul><li>punkt</li></ul>',
          },
        },
      ],
    });
    expect(post.content[0]).toMatchObject({
      props: {
        html: '<h2>Rubrik</h2><p><strong>Fet</strong> och <em>kursiv</em> <a href="https://www.skolverket.se" target="_blank" rel="noopener">extern</a> <a href="/sida/om">intern</a></p><ul><li>punkt</li></ul>',
      },
    });
  });

  it('refuses script addresses in images, cards and videos with a 400', async () => {
    for (const block of [
      { id: 'i', type: 'image', props: { imgSrc: 'javascript:alert(1)' } },
      { id: 'c', type: 'card', props: { buttonUrl: 'data:text/html,<script>alert(1)</script>' } },
      { id: 'v', type: 'video', props: { videoSrc: 'http://video.example/x' } },
    ]) {
      const response = await teacher('POST', postUrl, {
        type: 'news',
        title: 'Farlig adress',
        nodeIds: [school],
        categoryIds: [3],
        content: [block],
      });
      expect(response.statusCode, JSON.stringify(block)).toBe(400);
    }
  });
});

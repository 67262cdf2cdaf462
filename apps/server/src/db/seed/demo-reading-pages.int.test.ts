import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  flattenBlocks,
  parseToolIds,
  splitCells,
  type Block,
  type PostMedia,
  type PostResponse,
} from '@skolportalen/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { clientFor, feedTitles, type Client } from '../../../test/posts-helpers';
import { createMediaStorage } from '../../media-storage/create-media-storage';
import { mediaUsages } from '../schema';
import { seedDemoCourses } from './demo-courses';
import { seedDemoMedia } from './demo-media';
import { seedDemoMunicipality } from './demo-municipality';
import { seedDemoPosts } from './demo-posts';
import { readingPageSlugs } from './demo-reading-pages';

let t: TestContext;
let dataDir: string;
let teacher: Client;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'skolportalen-demo-reading-'));
  t = await createTestApp({ demo: false, env: { DATA_DIR: dataDir } });
  const { nodeByRef, userIds } = await seedDemoMunicipality(t.db);
  const storage = createMediaStorage({ dataDir, fileStorage: { kind: 'disk' } });
  await seedDemoMedia(t.db, storage, userIds.get('eva.andersson')!);
  await seedDemoPosts(t.db, nodeByRef, userIds);
  await seedDemoCourses(t.db, nodeByRef, userIds);
  // Ekbackens skola's teacher, as the end-to-end tests and the performance audit sign in.
  teacher = await clientFor(t, 'anna.larsson');
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const addressOf = (src: string) => /^\/media\/([^/?#]+)$/.exec(src)?.[1];

/** The library image a block shows: by its own file or one of its copies. */
function shownBy(src: string, media: readonly PostMedia[]) {
  const name = addressOf(src);
  return media.find(
    (item) =>
      item.filename === name ||
      Object.values(item.renditions ?? {}).some((copy) => copy.url === `/media/${name}`),
  );
}

/** Two sized pictures with their webp copies, a table with a heading row, and tools that exist. */
async function expectReadingPage(post: PostResponse) {
  const blocks = flattenBlocks(post.content);
  const used = post.usedMedia ?? [];
  expect(used).toHaveLength(2);
  for (const item of used) {
    expect(item).toMatchObject({ width: 1200, height: 630 });
    expect(item.renditions?.thumb.width).toBe(320);
    expect(item.renditions?.card.width).toBe(960);
  }
  const images = blocks.filter(
    (block): block is Extract<Block, { type: 'image' }> => block.type === 'image',
  );
  const shown = [post.media, ...images.map((block) => shownBy(block.props.imgSrc, used))];
  expect(new Set(shown.filter(Boolean).map((item) => item!.id))).toEqual(
    new Set(used.map((item) => item.id)),
  );
  for (const block of images) expect(block.props.alt.length).toBeGreaterThan(3);

  // A table with a heading row and rows of as many cells.
  const table = blocks.find((block) => block.type === 'table')!;
  const cells = table.children.map((row) =>
    splitCells(
      row.type === 'table-heading'
        ? row.props.headings
        : row.type === 'table-row'
          ? row.props.items
          : '',
    ),
  );
  expect(table.children[0]).toMatchObject({ type: 'table-heading' });
  expect(cells.length).toBeGreaterThan(2);
  for (const row of cells) expect(row).toHaveLength(cells[0]!.length);

  const tool = blocks.find((block) => block.type === 'tool');
  const toolIds = tool?.type === 'tool' ? parseToolIds(tool.props.toolIds) : [];
  expect(toolIds.length).toBeGreaterThan(1);
  for (const id of toolIds) {
    expect((await teacher('GET', `/api/core/v1/link/${id}`)).statusCode).toBe(200);
  }

  const usages = await t.db
    .select({ mediaId: mediaUsages.mediaId })
    .from(mediaUsages)
    .where(and(eq(mediaUsages.entityType, 'post'), eq(mediaUsages.entityId, String(post.id))));
  expect(usages.map((usage) => usage.mediaId).sort()).toEqual(used.map((item) => item.id).sort());
}

async function read(client: Client, url: string) {
  const response = await client('GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PostResponse;
}

describe('the demo reading pages (issue 32)', () => {
  it('a news item, a page and a crisis notice at Ekbacken, each with pictures, a table and tools', async () => {
    const expected = [
      [readingPageSlugs.news, 'news', '/nyhet/utflykt-till-naturhistoriska-museet-med-3a'],
      [readingPageSlugs.page, 'page', '/sida/skolbiblioteket-pa-ekbackens-skola'],
      [
        readingPageSlugs.alert,
        'alert',
        '/krisinformation/snoovader-ekbackens-skolbussar-kor-efter-vintertidtabell',
      ],
    ] as const;
    for (const [slug, type, url] of expected) {
      const post = await read(teacher, `/api/core/v1/post/${slug}`);
      expect(post).toMatchObject({ type, url, status: 'publish' });
      await expectReadingPage(post);
    }
  });

  it('the course on digital tools, with its pictures, programme and tools', async () => {
    const course = await read(teacher, '/api/core/v1/course/digitala-verktyg-i-klassrummet');
    expect(course.title).toBe('Digitala verktyg i klassrummet');
    await expectReadingPage(course);
  });

  it('reach Ekbacken: the crisis notice is on its teacher’s and pupils’ start page, not Lindäng’s', async () => {
    const title = 'Snöoväder – Ekbackens skolbussar kör efter vintertidtabell';
    expect(await feedTitles(teacher, { type: ['alert'] })).toEqual([title]);
    expect(await feedTitles(await clientFor(t, 'elsa.nilsson'), { type: ['alert'] })).toEqual([
      title,
    ]);
    const lindang = await clientFor(t, 'leo.nilsson');
    expect(await feedTitles(lindang, { type: ['alert'] })).not.toContain(title);
    const hidden = await lindang('GET', `/api/core/v1/post/${readingPageSlugs.alert}`);
    expect(hidden.statusCode).toBe(404);
  });
});

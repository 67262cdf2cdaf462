import { eq } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { clientFor, createPost, postBody, postUrl, type Client } from '../../../test/posts-helpers';
import { auditLog, postVersions } from '../../db/schema';

/**
 * The export to the e-archive (decision 0043): every version of every post,
 * deleted ones too, as JSON and as a page of HTML in which nothing a writer
 * typed can run; filtered by type and days; audited; administrators only.
 */
const day = 86_400_000;
let now = new Date('2026-02-02T09:00:00.000Z');
let t: TestContext;
let admin: Client;
let teacher: Client;

const hostileTitle = '<script>alert("titel")</script> Skolresa';
const hostileExcerpt = '"><img src=x onerror=alert(1)> Utdrag';
const block = (html: string) => ({
  id: 'text',
  type: 'html' as const,
  version: 1 as const,
  props: { html },
  children: [],
});
const card = {
  id: 'card',
  type: 'card' as const,
  version: 1 as const,
  props: {
    title: '<b>Kort</b>',
    text: '<p>Kortets text</p>',
    imgSrc: '',
    buttonLabel: 'Läs "mer" <här>',
    buttonUrl: '/sida/om-skolan',
  },
  children: [],
};

beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: () => now });
  admin = await clientFor(t, await buildUser(t, { role: 'role_admin' }));
  teacher = await clientFor(t, await buildUser(t, { role: 'role_teacher' }));
});
afterAll(() => t.close());

async function exportZip(query = '') {
  const response = await admin('GET', `/api/core/v1/post-export${query}`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  expect(response.headers['content-disposition']).toMatch(
    /^attachment; filename="skolportalen-arkiv-\d{4}-\d{2}-\d{2}\.zip"$/,
  );
  const files = unzipSync(new Uint8Array(response.rawPayload));
  const text = (name: string) => {
    expect(files[name], name).toBeDefined();
    return strFromU8(files[name]!);
  };
  return { names: Object.keys(files), text, json: (name: string) => JSON.parse(text(name)) };
}

interface IndexEntry {
  id: number;
  folder: string;
  deleted: boolean;
  versions: number[];
}

describe('the export to the e-archive', () => {
  it('holds every version of every post, deleted ones too, with nothing that can run', async () => {
    const hostile = await createPost(admin, {
      title: hostileTitle,
      excerpt: hostileExcerpt,
      content: [
        block('<p>Hej <a href="javascript:alert(1)">länk</a></p><script>alert(2)</script>'),
        card,
      ],
    });
    now = new Date(now.getTime() + day);
    const edited = await admin(
      'PUT',
      `${postUrl}/${hostile.id}`,
      postBody({
        title: `${hostileTitle} (ändrad)`,
        excerpt: hostileExcerpt,
        content: [block('<p>Ny text <img src="x" onerror="alert(3)"></p>')],
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const page = await createPost(admin, { type: 'page', title: 'Om skolan' });
    now = new Date(now.getTime() + day);
    const gone = await createPost(admin, { title: 'Borttagen nyhet' });
    expect((await admin('DELETE', `${postUrl}/${gone.id}`)).statusCode).toBe(200);
    expect((await admin('DELETE', `${postUrl}/${gone.id}`)).statusCode).toBe(200);

    const archive = await exportZip();
    const index = archive.json('index.json') as { posts: IndexEntry[] };
    const versions = await t.db.select().from(postVersions);
    const byPost = new Map<number, number[]>();
    for (const row of versions)
      byPost.set(row.postId, [...(byPost.get(row.postId) ?? []), row.number]);
    expect(index.posts.map((entry) => entry.id).sort((a, b) => a - b)).toEqual(
      [...byPost.keys()].sort((a, b) => a - b),
    );
    for (const entry of index.posts) {
      expect(entry.versions.sort()).toEqual(byPost.get(entry.id)!.sort());
      const meta = archive.json(`${entry.folder}/post.json`);
      expect(meta.id).toBe(entry.id);
      expect(meta.versions).toHaveLength(entry.versions.length);
      for (const n of entry.versions) {
        const version = archive.json(`${entry.folder}/versions/${n}.json`);
        expect(version).toMatchObject({ postId: entry.id, number: n });
        expect(archive.text(`${entry.folder}/versions/${n}.html`)).toContain('<html lang="sv">');
      }
    }
    const deleted = index.posts.find((entry) => entry.id === gone.id)!;
    expect(deleted).toMatchObject({ deleted: true, versions: [1, 2, 3] });
    expect(archive.json(`${deleted.folder}/post.json`)).toMatchObject({
      title: 'Borttagen nyhet',
      deletedFromPortal: true,
      status: 'trash',
      audience: { nodes: [{ id: 1, name: expect.any(String) }] },
    });
    expect(archive.json(`${deleted.folder}/versions/3.json`)).toMatchObject({
      event: 'deleted',
      post: { title: 'Borttagen nyhet' },
      changedBy: { id: expect.any(Number), name: expect.any(String) },
    });

    const folder = index.posts.find((entry) => entry.id === hostile.id)!.folder;
    const first = archive.json(`${folder}/versions/1.json`);
    expect(first.title).toBe(hostileTitle);
    expect(first.post.excerpt).toBe(hostileExcerpt);
    for (const n of [1, 2]) {
      const html = archive.text(`${folder}/versions/${n}.html`);
      expect(html).not.toMatch(/<script/i);
      // No element carries a handler or a script address; the typed text is shown as text.
      expect(html).not.toMatch(/<[^>]*\son\w+\s*=/i);
      expect(html).not.toMatch(/(href|src)\s*=\s*"?\s*javascript:/i);
      expect(html).not.toContain('<img src=x');
      expect(html).toContain('&lt;script&gt;alert(&quot;titel&quot;)&lt;/script&gt; Skolresa');
      expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt; Utdrag');
    }
    const firstPage = archive.text(`${folder}/versions/1.html`);
    expect(firstPage).toContain('<h3>&lt;b&gt;Kort&lt;/b&gt;</h3>');
    expect(firstPage).toMatch(
      /<a href="https?:\/\/[^"]+\/sida\/om-skolan">Läs &quot;mer&quot; &lt;här&gt;<\/a>/,
    );
    expect(firstPage).toContain('<p>Hej <a>länk</a></p>');
    const indexPage = archive.text('index.html');
    expect(indexPage).not.toMatch(/<script/i);
    expect(indexPage).toContain(`${folder}/versions/2.html`);

    // Filtered: pages only; then the versions of one day only.
    const pages = await exportZip('?type=page');
    expect(pages.json('index.json').posts.map((entry: IndexEntry) => entry.id)).toEqual([page.id]);
    const lastDay = await exportZip(
      `?from=${now.toISOString().slice(0, 10)}&to=${now.toISOString().slice(0, 10)}`,
    );
    const lastDayPosts = lastDay.json('index.json').posts as IndexEntry[];
    expect(lastDayPosts.map((entry) => [entry.id, entry.versions])).toEqual([[gone.id, [1, 2, 3]]]);

    const audits = await t.db
      .select({ after: auditLog.after, actor: auditLog.actorUserId })
      .from(auditLog)
      .where(eq(auditLog.action, 'post.exported'));
    expect(audits.map((entry) => entry.after)).toEqual([
      { filter: {} },
      { filter: { type: 'page' } },
      { filter: { from: now.toISOString().slice(0, 10), to: now.toISOString().slice(0, 10) } },
    ]);
  });

  it('refuses bad days in Swedish and anyone but administrators', async () => {
    const bad = await admin('GET', '/api/core/v1/post-export?from=2026-13-45');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Ange ett datum som 2026-01-31');
    const reversed = await admin('GET', '/api/core/v1/post-export?from=2026-02-02&to=2026-01-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.body).toContain('Från-datumet måste vara före till-datumet');
    expect((await teacher('GET', '/api/core/v1/post-export')).statusCode).toBe(403);
  });

  it('is declared in the OpenAPI document as a ZIP file, not JSON, as the other files are', async () => {
    const spec = (await admin('GET', '/api/openapi.json')).json();
    const answer = spec.paths['/api/core/v1/post-export'].get.responses['200'];
    expect(answer.content).toEqual({
      'application/zip': { schema: { type: 'string', format: 'binary' } },
    });
    // The other files the API sends are declared the same way.
    for (const [path, mediaType] of [
      ['/api/core/v1/course/{id}/attendees.csv', 'text/csv'],
      ['/api/core/v1/course/{id}/calendar.ics', 'text/calendar'],
      ['/api/core/v1/course-feed/{token}', 'text/calendar'],
    ] as const) {
      expect(Object.keys(spec.paths[path].get.responses['200'].content), path).toEqual([mediaType]);
    }
  });
});

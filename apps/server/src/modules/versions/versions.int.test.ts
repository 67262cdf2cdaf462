import type { PostInput } from '@skolportalen/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { clientFor, createPost, postBody, postUrl, type Client } from '../../../test/posts-helpers';
import { auditLog, postVersions } from '../../db/schema';

/**
 * Every saved state of a post is kept (issue 28): three edits on known days,
 * then what readers were shown at each of them; restoring a version as a
 * draft; drafts folding; who may read versions; a deleted post's record.
 */
const day = 86_400_000;
const minute = 60_000;
let now = new Date('2026-03-02T08:00:00.000Z');
let t: TestContext;
let teacher: Client;
let otherTeacher: Client;
let pupil: Client;
let admin: Client;
let school: number;

beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: () => now });
  const author = await buildUser(t, { role: 'role_teacher' });
  school = author.school!.id;
  teacher = await clientFor(t, author);
  otherTeacher = await clientFor(
    t,
    await buildUser(t, { role: 'role_teacher', school: author.school }),
  );
  pupil = await clientFor(t, await buildUser(t, { role: 'role_student', school: author.school }));
  admin = await clientFor(t, await buildUser(t, { role: 'role_admin' }));
});
afterAll(() => t.close());

const block = (text: string) => ({
  id: 'text',
  type: 'html' as const,
  version: 1 as const,
  props: { html: `<p>${text}</p>` },
  children: [],
});
/** The school's pupils: a teacher aims at her own school (decision 0028). */
const news = (title: string, text: string, overrides: Partial<PostInput> = {}): PostInput =>
  postBody({ title, content: [block(text)], nodeIds: [school], categoryIds: [4], ...overrides });

const versionsUrl = (id: number) => `${postUrl}/${id}/versions`;
const asPublished = (client: Client, id: number, at: Date) =>
  client('GET', `${postUrl}/${id}/as-published?at=${encodeURIComponent(at.toISOString())}`);
const html = (body: { post: { content: { props: { html?: unknown } }[] } }) =>
  body.post.content.map((item) => item.props.html);

describe('a post’s versions', () => {
  it('answers what readers were shown at each of three edits, and nothing before or after', async () => {
    const first = new Date(now);
    const post = await createPost(teacher, news('Vårens schema', 'Skolan börjar 8.15.'));
    now = new Date(first.getTime() + 7 * day);
    const second = new Date(now);
    let saved = await teacher(
      'PUT',
      `${postUrl}/${post.id}`,
      news('Vårens nya schema', 'Skolan börjar 8.30.'),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    now = new Date(second.getTime() + 7 * day);
    const third = new Date(now);
    saved = await teacher(
      'PUT',
      `${postUrl}/${post.id}`,
      news('Vårens schema, rättat', 'Skolan börjar 8.20.'),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    now = new Date(third.getTime() + 7 * day);
    const unpublished = new Date(now);
    saved = await teacher(
      'PUT',
      `${postUrl}/${post.id}`,
      news('Vårens schema, rättat', 'Skolan börjar 8.20.', { status: 'draft' }),
    );
    expect(saved.statusCode, saved.body).toBe(200);

    for (const [at, title, text] of [
      [first, 'Vårens schema', '<p>Skolan börjar 8.15.</p>'],
      [new Date(second.getTime() - minute), 'Vårens schema', '<p>Skolan börjar 8.15.</p>'],
      [second, 'Vårens nya schema', '<p>Skolan börjar 8.30.</p>'],
      [new Date(third.getTime() + day), 'Vårens schema, rättat', '<p>Skolan börjar 8.20.</p>'],
    ] as const) {
      const shown = await asPublished(teacher, post.id, at);
      expect(shown.statusCode, `${at.toISOString()}: ${shown.body}`).toBe(200);
      expect(shown.json().post.title).toBe(title);
      expect(html(shown.json())).toEqual([text]);
      expect(shown.json().audience.nodes.map((node: { id: number }) => node.id)).toEqual([school]);
    }
    for (const at of [new Date(first.getTime() - minute), new Date(unpublished.getTime() + day)]) {
      const none = await asPublished(teacher, post.id, at);
      expect(none.statusCode).toBe(404);
      expect(none.json().message).toBe('Inte publicerad vid den tidpunkten');
    }

    const list = await teacher('GET', versionsUrl(post.id));
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers['x-pagination-total']).toBe('4');
    expect(
      list
        .json()
        .map((version: { number: number; event: string }) => [version.number, version.event]),
    ).toEqual([
      [4, 'unpublished'],
      [3, 'saved'],
      [2, 'saved'],
      [1, 'created'],
    ]);
    expect(list.json()[3].changedBy.name).toMatch(/\S/);
    const paged = await teacher('GET', `${versionsUrl(post.id)}?perPage=1&page=2`);
    expect(paged.json().map((version: { number: number }) => version.number)).toEqual([3]);
    expect(paged.headers['x-pagination-total']).toBe('4');

    const one = await teacher('GET', `${versionsUrl(post.id)}/2`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      number: 2,
      status: 'publish',
      post: { title: 'Vårens nya schema' },
    });
    expect((await teacher('GET', `${versionsUrl(post.id)}/9`)).statusCode).toBe(404);
  });

  it('restores a version as a new draft, adding to the history and the audit log', async () => {
    now = new Date(now.getTime() + day);
    const post = await createPost(teacher, news('Utflykt', 'Vi går till skogen.'));
    now = new Date(now.getTime() + day);
    await teacher(
      'PUT',
      `${postUrl}/${post.id}`,
      news('Utflykt inställd', 'Utflykten är inställd.'),
    );
    now = new Date(now.getTime() + day);
    const restored = await teacher('POST', `${versionsUrl(post.id)}/1/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ id: post.id, title: 'Utflykt', status: 'draft' });
    expect(restored.json().content[0].props.html).toBe('<p>Vi går till skogen.</p>');

    const list = (await teacher('GET', versionsUrl(post.id))).json();
    expect(
      list.map((version: { number: number; event: string }) => [version.number, version.event]),
    ).toEqual([
      [3, 'restored'],
      [2, 'saved'],
      [1, 'created'],
    ]);
    // The versions restored from is untouched.
    expect((await teacher('GET', `${versionsUrl(post.id)}/2`)).json().post.title).toBe(
      'Utflykt inställd',
    );
    const audits = await t.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'post.version-restored'), eq(auditLog.entityId, String(post.id))),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toMatchObject({
      restoredVersion: 1,
      title: 'Utflykt',
      status: 'draft',
    });
  });

  it('folds a person’s drafts saved within minutes into one version, never a published state', async () => {
    now = new Date(now.getTime() + day);
    const post = await createPost(teacher, news('Utkast', 'Första raden.', { status: 'draft' }));
    now = new Date(now.getTime() + 2 * minute);
    await teacher(
      'PUT',
      `${postUrl}/${post.id}`,
      news('Utkast', 'Andra raden.', { status: 'draft' }),
    );
    now = new Date(now.getTime() + 2 * minute);
    await teacher(
      'PUT',
      `${postUrl}/${post.id}`,
      news('Utkast', 'Tredje raden.', { status: 'draft' }),
    );
    let versions = (await teacher('GET', versionsUrl(post.id))).json();
    expect(versions).toHaveLength(1);
    expect(html((await teacher('GET', `${versionsUrl(post.id)}/1`)).json())).toEqual([
      '<p>Tredje raden.</p>',
    ]);

    now = new Date(now.getTime() + minute);
    await teacher('PUT', `${postUrl}/${post.id}`, news('Utkast', 'Publicerad.'));
    now = new Date(now.getTime() + minute);
    await teacher('PUT', `${postUrl}/${post.id}`, news('Utkast', 'Publicerad igen.'));
    now = new Date(now.getTime() + 10 * minute);
    await teacher(
      'PUT',
      `${postUrl}/${post.id}`,
      news('Utkast', 'Senare utkast.', { status: 'draft' }),
    );
    versions = (await teacher('GET', versionsUrl(post.id))).json();
    expect(versions.map((version: { event: string }) => version.event)).toEqual([
      'unpublished',
      'saved',
      'published',
      'created',
    ]);
  });

  it('shows versions to the post’s editors and administrators only, never to its readers', async () => {
    const post = await createPost(teacher, news('Föräldramöte', 'Torsdag kl. 18.'));
    for (const client of [pupil, otherTeacher]) {
      for (const url of [
        versionsUrl(post.id),
        `${versionsUrl(post.id)}/1`,
        `${postUrl}/${post.id}/as-published?at=${encodeURIComponent(now.toISOString())}`,
      ]) {
        const refused = await client('GET', url);
        expect(refused.statusCode, url).toBe(404);
        expect(refused.body).not.toContain('Föräldramöte');
      }
      expect((await client('POST', `${versionsUrl(post.id)}/1/restore`)).statusCode).toBe(404);
      expect(
        (await client('GET', '/api/core/v1/post-archive?search=Föräldramöte')).statusCode,
      ).toBe(403);
    }
    expect((await admin('GET', versionsUrl(post.id))).statusCode).toBe(200);

    // An editor added later sees the versions made while she was one, and counts only those.
    now = new Date(now.getTime() + day);
    const colleague = await buildUser(t, { role: 'role_teacher', school: { id: school } as never });
    const colleagueClient = await clientFor(t, colleague);
    await teacher(
      'PUT',
      `${postUrl}/${post.id}`,
      news('Föräldramöte', 'Torsdag kl. 18.30.', { editorIds: [colleague.id] }),
    );
    const seen = await colleagueClient('GET', versionsUrl(post.id));
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().map((version: { number: number }) => version.number)).toEqual([2]);
    expect(seen.headers['x-pagination-total']).toBe('1');
    expect((await colleagueClient('GET', `${versionsUrl(post.id)}/1`)).statusCode).toBe(404);
  });

  it('keeps a deleted post’s versions, which administrators find by title or address', async () => {
    now = new Date(now.getTime() + day);
    const published = new Date(now);
    const post = await createPost(
      teacher,
      news('Skolavslutning i kyrkan', 'Kl. 9 i Sankt Olofs kyrka.'),
    );
    now = new Date(now.getTime() + day);
    expect((await teacher('DELETE', `${postUrl}/${post.id}`)).statusCode).toBe(200);
    now = new Date(now.getTime() + minute);
    expect((await teacher('DELETE', `${postUrl}/${post.id}`)).statusCode).toBe(200);

    const rows = await t.db.select().from(postVersions).where(eq(postVersions.postId, post.id));
    expect(rows.map((row) => row.event).sort()).toEqual(['created', 'deleted', 'trashed']);
    const shown = await asPublished(admin, post.id, new Date(published.getTime() + minute));
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().post.title).toBe('Skolavslutning i kyrkan');

    for (const search of ['skolavslutning', `https://skolportal.exempelby.se${post.url}`]) {
      const found = await admin(
        'GET',
        `/api/core/v1/post-archive?search=${encodeURIComponent(search)}`,
      );
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json()).toEqual([
        expect.objectContaining({ postId: post.id, deleted: true, versions: 3, status: 'trash' }),
      ]);
    }
  });

  it('refuses a time without a zone and a version that is not a number, in Swedish', async () => {
    const post = await createPost(teacher, news('Lov', 'Sportlov vecka 9.'));
    const noZone = await teacher('GET', `${postUrl}/${post.id}/as-published?at=2026-03-02T08:00`);
    expect(noZone.statusCode).toBe(400);
    expect(noZone.body).toContain('Ange en tidpunkt');
    expect((await teacher('GET', `${versionsUrl(post.id)}/ett`)).statusCode).toBe(400);
    expect((await teacher('GET', `${postUrl}/finns-inte/versions`)).statusCode).toBe(400);
    expect((await teacher('GET', `${postUrl}/999999/versions`)).statusCode).toBe(404);
  });
});

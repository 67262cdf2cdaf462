import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClass, buildSchool, buildUser } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { clientFor, createPost, postBody, postUrl, type Client } from '../../../test/posts-helpers';
import { posts } from '../../db/schema';

let t: TestContext;
/** The author's school: a teacher aims at her own school (decision 0028). */
let school: number;
let author: Client;
let editor: Client;
let stranger: Client;
let student: Client;
let admin: Client;
let editorId: number;
let class3A: number;
let annaId: number;
let elsaId: number;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  const ekbacken = await buildSchool(t);
  const ownClass = await buildClass(t, { school: ekbacken });
  school = ekbacken.id;
  class3A = ownClass.id;
  const anna = await buildUser(t, { role: 'role_teacher', class: ownClass });
  annaId = anna.id;
  author = await clientFor(t, anna);
  // A teacher of another school, named editor of the author's post.
  const fatima = await buildUser(t, { role: 'role_teacher' });
  editorId = fatima.id;
  editor = await clientFor(t, fatima);
  stranger = await clientFor(t, await buildUser(t, { role: 'role_teacher' }));
  const elsa = await buildUser(t, { role: 'role_student', class: ownClass });
  elsaId = elsa.id;
  student = await clientFor(t, elsa);
  admin = await clientFor(t, await buildUser(t, { role: 'role_admin' }));
});
afterAll(() => t.close());

const notOriginal =
  'Du är inte originalredaktör och kan inte ändra publiceringsinställningarna (status, datum, målgrupp, redaktörer, typ och adress).';

async function stored(id: number) {
  const [row] = await t.db.select().from(posts).where(eq(posts.id, id));
  return row!;
}

describe('assigned editors and the original editor', () => {
  it('lets an assigned editor change the content but not the publishing settings', async () => {
    const post = await createPost(author, {
      nodeIds: [school],
      title: 'Gemensam',
      editorIds: [editorId],
    });
    const base = postBody({ nodeIds: [school], title: 'Gemensam', editorIds: [editorId] });
    expect(post.can).toMatchObject({ edit: true, changeRestricted: true });
    const asEditor = (await editor('GET', `${postUrl}/${post.id}`)).json();
    expect(asEditor.can).toMatchObject({ edit: true, delete: false, changeRestricted: false });

    const content = await editor('PUT', `${postUrl}/${post.id}`, {
      ...base,
      title: 'Gemensam text',
    });
    expect(content.statusCode).toBe(200);
    expect(content.json().title).toBe('Gemensam text');

    for (const change of [
      { status: 'draft' as const },
      { nodeIds: [class3A] },
      { categoryIds: [3, 4] },
      { editorIds: [] },
      { slug: 'ny-adress' },
      { pagePlacement: 'start-top' as const },
      { allowComments: false },
      { type: 'page' as const },
      { publishedDate: '2030-01-01T08:00:00Z' },
    ]) {
      const before = await stored(post.id);
      const refused = await editor('PUT', `${postUrl}/${post.id}`, {
        ...base,
        title: 'Gemensam text',
        ...change,
      });
      expect(refused.statusCode, JSON.stringify(change)).toBe(403);
      expect(refused.json().message).toBe(notOriginal);
      expect(await stored(post.id)).toEqual(before);
    }
    // The editor cannot change targets through the target routes either.
    const targets = await editor('POST', `${postUrl}/${post.id}/node`, { nodeIds: [class3A] });
    expect(targets.statusCode).toBe(403);
    expect(targets.json().message).toBe(notOriginal);
    // A holder of edit_all_posts may.
    const byAdmin = await admin('PUT', `${postUrl}/${post.id}`, { ...base, status: 'draft' });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().status).toBe('draft');
  });

  it('refuses anyone else with 403 and changes nothing', async () => {
    const post = await createPost(author, { nodeIds: [school], title: 'Annas egen' });
    const before = await stored(post.id);
    expect(
      (await stranger('PUT', `${postUrl}/${post.id}`, postBody({ title: 'X' }))).statusCode,
    ).toBe(403);
    expect((await stranger('DELETE', `${postUrl}/${post.id}`)).statusCode).toBe(403);
    expect((await stranger('GET', `/api/core/v1/editor/${post.id}`)).statusCode).toBe(403);
    expect(
      (await student('PUT', `${postUrl}/${post.id}`, postBody({ title: 'X' }))).statusCode,
    ).toBe(403);
    expect(await stored(post.id)).toEqual(before);
  });
});

describe('GET|PUT /api/core/v1/editor/{id}', () => {
  it('climbs 401 → 400 → 403 → 200 and refuses a stale version with 409', async () => {
    const post = await createPost(author, {
      nodeIds: [school],
      title: 'Sidbyggare',
      editorIds: [editorId],
    });
    const url = `/api/core/v1/editor/${post.id}`;
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    const opened = await author('GET', url);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ postId: post.id, version: 1, restricted: false });
    expect((await editor('GET', url)).json().restricted).toBe(true);

    const bad = await author('PUT', url, {
      version: 1,
      content: [{ id: 'c', type: 'col', props: { cols: 6 } }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe('Blocket Kolumn får inte ligga i sidan');
    expect((await stranger('PUT', url, { version: 1, content: [] })).statusCode).toBe(403);

    const heading = [{ id: 'h', type: 'heading', props: { text: 'Ny rubrik', size: 3 } }];
    const saved = await editor('PUT', url, { version: 1, content: heading });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ version: 2, content: [{ props: { text: 'Ny rubrik' } }] });

    const stale = await author('PUT', url, { version: 1, content: [] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'Innehållet har ändrats av någon annan sedan du öppnade det. Ladda om och försök igen.',
    );
    expect((await stored(post.id)).content).toMatchObject([{ props: { text: 'Ny rubrik' } }]);
  });
});

describe('POST|DELETE /api/core/v1/post/{id}/node|category|user', () => {
  it('climbs the ladder and keeps one group and one category on a published post', async () => {
    const post = await createPost(author, { nodeIds: [school], title: 'Målgrupp' });
    const url = `${postUrl}/${post.id}`;
    expect(
      (await t.app.inject({ method: 'POST', url: `${url}/node`, payload: { nodeIds: [1] } }))
        .statusCode,
    ).toBe(401);
    expect((await author('POST', `${url}/node`, { nodeIds: [] })).statusCode).toBe(400);
    expect((await author('POST', `${url}/node`, { nodeIds: [999_999] })).statusCode).toBe(400);
    expect((await stranger('POST', `${url}/node`, { nodeIds: [class3A] })).statusCode).toBe(403);

    const added = await author('POST', `${url}/node`, { nodeIds: [class3A] });
    expect(added.statusCode).toBe(200);
    expect(added.json().nodeIds).toEqual([school, class3A].sort((a, b) => a - b));
    expect((await author('DELETE', `${url}/node`, { nodeIds: [school] })).json().nodeIds).toEqual([
      class3A,
    ]);
    const last = await author('DELETE', `${url}/node`, { nodeIds: [class3A] });
    expect(last.statusCode).toBe(400);
    expect(last.json().errors).toEqual([
      { field: 'nodeIds', message: 'Minst en grupp måste väljas' },
    ]);

    expect(
      (await author('POST', `${url}/category`, { categoryIds: [4] })).json().categoryIds,
    ).toEqual([3, 4]);
    const noCategory = await author('DELETE', `${url}/category`, { categoryIds: [3, 4] });
    expect(noCategory.statusCode).toBe(400);
    expect((await author('POST', `${url}/user`, { userIds: [elsaId] })).json().userIds).toEqual([
      elsaId,
    ]);
    // Now Elsa is named, she reads it though she is no teacher.
    expect((await student('GET', url)).statusCode).toBe(200);
    expect(
      (await author('DELETE', `${url}/category`, { categoryIds: [4] })).json().categoryIds,
    ).toEqual([3]);
    expect((await student('GET', url)).statusCode).toBe(200);
    expect((await author('DELETE', `${url}/user`, { userIds: [elsaId] })).json().userIds).toEqual(
      [],
    );
    expect((await student('GET', url)).statusCode).toBe(404);
  });
});

describe('GET /api/core/v1/post-slug-availability/{slug}', () => {
  it('says whether a slug is free, and suggests one', async () => {
    await createPost(author, { nodeIds: [school], title: 'Skolavslutning' });
    const url = '/api/core/v1/post-slug-availability';
    expect((await t.app.inject({ url: `${url}/skolavslutning` })).statusCode).toBe(401);
    expect((await author('GET', `${url}/skolavslutning`)).json()).toEqual({
      slug: 'skolavslutning',
      available: false,
      suggestion: 'skolavslutning-2',
      message: 'Adressen används redan av annat innehåll',
    });
    expect((await author('GET', `${url}/sommarlov`)).json()).toMatchObject({
      available: true,
      suggestion: 'sommarlov',
      message: null,
    });
    expect((await author('GET', `${url}/Sommarlov%20ute`)).json()).toMatchObject({
      available: false,
      suggestion: 'sommarlov-ute',
      message: 'Fältet får endast innehålla a-z och bindestreck',
    });
    expect((await author('GET', `${url}/x?excludeId=abc`)).statusCode).toBe(400);
  });
});

describe('GET /api/core/v1/my-post and /user/{id}/posts', () => {
  it('lists what one wrote or edits, and another user’s posts only for user_list', async () => {
    const mine = await createPost(author, {
      nodeIds: [school],
      title: 'Mitt utkast',
      status: 'draft',
    });
    const mineList = await author('GET', '/api/core/v1/my-post?perPage=100');
    expect(mineList.statusCode).toBe(200);
    expect(mineList.json().map((post: { id: number }) => post.id)).toContain(mine.id);
    expect(
      (await editor('GET', '/api/core/v1/my-post?perPage=100'))
        .json()
        .map((p: { title: string }) => p.title),
    ).toContain('Gemensam');
    expect(
      (await author('GET', '/api/core/v1/my-post?status=publish&status=bogus')).statusCode,
    ).toBe(400);

    const url = `/api/core/v1/user/${annaId}/posts?perPage=100`;
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await stranger('GET', url)).statusCode).toBe(403);
    // A principal of another school, who may list users.
    const principal = await clientFor(
      t,
      await buildUser(t, {
        role: 'role_school_responsible',
        school: await buildSchool(t),
        capabilities: { publish_all_groups: true },
      }),
    );
    const listed = await principal('GET', url);
    expect(listed.statusCode).toBe(200);
    // user_list opens the list; a draft stays the author's (issue 20, F3).
    expect(listed.json().map((post: { title: string }) => post.title)).not.toContain('Mitt utkast');
    expect(listed.json().every((post: { authorId: number }) => post.authorId === annaId)).toBe(
      true,
    );
    const all = await admin('GET', url);
    expect(all.json().map((post: { title: string }) => post.title)).toContain('Mitt utkast');
  });
});

describe('order', () => {
  it('sorts by order, newest first within an order, and places a post before another', async () => {
    const teachersOnly = { nodeIds: [class3A], categoryIds: [3] };
    const first = await createPost(admin, { ...teachersOnly, title: 'Ordning 1', order: 1 });
    await createPost(admin, { ...teachersOnly, title: 'Ordning 2', order: 2 });
    await createPost(admin, { ...teachersOnly, title: 'Ordning 0', order: 0 });
    await createPost(admin, {
      ...teachersOnly,
      title: 'Före 1',
      order: 5,
      orderPostBeforeId: first.id,
    });
    const titles = (
      await admin('POST', '/api/core/v1/GetPosts', { nodeIds: [class3A], categoryIds: [3] })
    )
      .json()
      .map((post: { title: string }) => post.title);
    expect(titles).toEqual(['Ordning 0', 'Före 1', 'Ordning 1', 'Ordning 2']);
    const self = await admin('PUT', `${postUrl}/${first.id}`, {
      ...postBody({ ...teachersOnly, title: 'Ordning 1', order: 1 }),
      orderPostBeforeId: first.id,
    });
    expect(self.statusCode).toBe(400);
  });
});

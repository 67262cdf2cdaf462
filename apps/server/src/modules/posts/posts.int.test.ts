import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClass, buildSchool, buildUser } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import {
  clientFor,
  createPost,
  feedTitles,
  postBody,
  postUrl,
  type Client,
} from '../../../test/posts-helpers';
import { auditLog, posts } from '../../db/schema';

let t: TestContext;
/** The teacher's school: a teacher aims at her own school (decision 0028). */
let school: number;
let teacher: Client;
let otherTeacher: Client;
let student: Client;
let admin: Client;
let class3A: number;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  const ekbacken = await buildSchool(t, { name: 'Ekbackens skola' });
  const ownClass = await buildClass(t, { school: ekbacken, name: '3A' });
  school = ekbacken.id;
  class3A = ownClass.id;
  teacher = await clientFor(
    t,
    await buildUser(t, {
      role: 'role_teacher',
      class: ownClass,
      firstName: 'Anna',
      lastName: 'Larsson',
    }),
  );
  otherTeacher = await clientFor(t, await buildUser(t, { role: 'role_teacher' }));
  student = await clientFor(t, await buildUser(t, { role: 'role_student', class: ownClass }));
  admin = await clientFor(t, await buildUser(t, { role: 'role_admin' }));
});
afterAll(() => t.close());

describe('POST /api/core/v1/post', () => {
  it('climbs 401 → 400 → 403 → 201', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: postUrl, payload: postBody() });
    expect(anonymous.statusCode).toBe(401);

    const invalid = await teacher('POST', postUrl, postBody({ nodeIds: [school], title: '' }));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual([
      { field: 'title', message: 'Fältet måste vara ifyllt' },
    ]);

    const forbidden = await student('POST', postUrl, postBody());
    expect(forbidden.statusCode).toBe(403);

    const created = await teacher(
      'POST',
      postUrl,
      postBody({ nodeIds: [school], title: 'Stegnyhet' }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      title: 'Stegnyhet',
      slug: 'stegnyhet',
      url: '/nyhet/stegnyhet',
      status: 'publish',
      author: { name: 'Anna Larsson' },
      nodeIds: [school],
      categoryIds: [3],
      can: { edit: true, delete: true, publish: true, changeRestricted: true },
    });
    // Spec §3: a new post without content starts with one empty html block.
    expect(created.json().content).toMatchObject([{ type: 'html', props: { html: '' } }]);
  });

  it('refuses to publish without groups, categories or (for tools) an icon, in Swedish', async () => {
    const noGroups = await teacher('POST', postUrl, postBody({ nodeIds: [], categoryIds: [] }));
    expect(noGroups.statusCode).toBe(400);
    expect(noGroups.json().errors).toEqual([
      { field: 'nodeIds', message: 'Minst en grupp måste väljas' },
      { field: 'categoryIds', message: 'Minst ett val måste göras' },
    ]);
    const tool = await admin('POST', postUrl, postBody({ type: 'tool' }));
    expect(tool.statusCode).toBe(400);
    expect(tool.json().errors).toEqual([
      { field: 'mediaId', message: 'Du måste välja ikon innan du publicerar' },
    ]);
    // A draft may lack them.
    const draft = await teacher(
      'POST',
      postUrl,
      postBody({ status: 'draft', nodeIds: [], categoryIds: [] }),
    );
    expect(draft.statusCode).toBe(201);
  });

  it('keeps crisis alerts for holders of create_alert', async () => {
    const alert = postBody({ type: 'alert', title: 'Larm', excerpt: 'Skolan är stängd.' });
    const refused = await teacher('POST', postUrl, alert);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Du har inte behörighet att publicera krisinformation');
    expect(await t.db.select().from(posts).where(eq(posts.title, 'Larm'))).toEqual([]);
    expect((await admin('POST', postUrl, alert)).statusCode).toBe(201);
  });

  it('refuses unknown groups, categories, users and media with a field error and writes nothing', async () => {
    const before = await t.db.$count(posts);
    const response = await teacher(
      'POST',
      postUrl,
      postBody({
        nodeIds: [999_999],
        categoryIds: [999_998],
        userIds: [999_997],
        mediaId: 999_996,
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'nodeIds', message: 'En eller flera av de valda grupperna finns inte' },
      { field: 'categoryIds', message: 'En eller flera av de valda kategorierna finns inte' },
      { field: 'userIds', message: 'En eller flera av de valda användarna finns inte' },
      { field: 'mediaId', message: 'Bilden finns inte i mediabiblioteket' },
    ]);
    expect(await t.db.$count(posts)).toBe(before);
  });

  it('makes a slug from the title, keeps it unique, and answers 409 on a taken one', async () => {
    const first = await createPost(teacher, { nodeIds: [school], title: 'Läsårsstart 2026!' });
    const second = await createPost(teacher, { nodeIds: [school], title: 'Läsårsstart 2026' });
    expect(first.slug).toBe('lasarsstart-2026');
    expect(second.slug).toBe('lasarsstart-2026-2');
    const taken = await teacher(
      'POST',
      postUrl,
      postBody({ nodeIds: [school], slug: 'lasarsstart-2026' }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      message: 'Adressen används redan av annat innehåll',
      errors: [{ field: 'slug', message: 'Adressen används redan av annat innehåll' }],
    });
    const malformed = await teacher(
      'POST',
      postUrl,
      postBody({ nodeIds: [school], slug: 'Läsår' }),
    );
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual([
      { field: 'slug', message: 'Fältet får endast innehålla a-z och bindestreck' },
    ]);
  });

  it('writes the audit log in the same transaction', async () => {
    const post = await createPost(teacher, { nodeIds: [school], title: 'Granskad nyhet' });
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(post.id)));
    expect(entries.map((entry) => entry.action)).toContain('post.created');
  });
});

describe('GET /api/core/v1/post/{id or slug}', () => {
  it('climbs 401 → 400 → 404 → 200, by id and by slug', async () => {
    const post = await createPost(teacher, {
      title: 'För 3A',
      nodeIds: [class3A],
      categoryIds: [4],
    });
    expect((await t.app.inject({ url: `${postUrl}/${post.id}` })).statusCode).toBe(401);
    expect((await student('GET', `${postUrl}/${'x'.repeat(160)}`)).statusCode).toBe(400);
    expect((await otherTeacher('GET', `${postUrl}/${post.id}`)).statusCode).toBe(404);
    const byId = await student('GET', `${postUrl}/${post.id}`);
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toMatchObject({ title: 'För 3A', isRead: false, readCount: null });
    const bySlug = await student('GET', `${postUrl}/${post.slug}`);
    expect(bySlug.json().id).toBe(post.id);
    expect((await student('GET', `${postUrl}/finns-inte`)).statusCode).toBe(404);
  });
});

describe('PUT /api/core/v1/post/{id}', () => {
  it('climbs 401 → 400 → 403 → 200 and a refused edit changes nothing', async () => {
    const post = await createPost(teacher, { nodeIds: [school], title: 'Före' });
    const url = `${postUrl}/${post.id}`;
    expect(
      (await t.app.inject({ method: 'PUT', url, payload: postBody({ title: 'Efter' }) }))
        .statusCode,
    ).toBe(401);
    expect(
      (await teacher('PUT', url, postBody({ nodeIds: [school], title: 'x'.repeat(129) })))
        .statusCode,
    ).toBe(400);
    const refused = await otherTeacher('PUT', url, postBody({ title: 'Kapad' }));
    expect(refused.statusCode).toBe(403);
    const [stored] = await t.db.select().from(posts).where(eq(posts.id, post.id));
    expect(stored!.title).toBe('Före');
    const updated = await teacher('PUT', url, postBody({ nodeIds: [school], title: 'Efter' }));
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ title: 'Efter', slug: post.slug });
  });
});

describe('DELETE /api/core/v1/post/{id}', () => {
  it('moves to the trash first, deletes for good the second time', async () => {
    const post = await createPost(teacher, { nodeIds: [school], title: 'Kortlivad' });
    const url = `${postUrl}/${post.id}`;
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await otherTeacher('DELETE', url)).statusCode).toBe(403);
    const trashed = await teacher('DELETE', url);
    expect(trashed.json()).toEqual({ id: post.id, status: 'trash' });
    expect(await feedTitles(teacher)).not.toContain('Kortlivad');
    expect((await teacher('GET', url)).json().status).toBe('trash');
    const deleted = await teacher('DELETE', url);
    expect(deleted.json()).toEqual({ id: post.id, status: 'deleted' });
    expect(await t.db.select().from(posts).where(eq(posts.id, post.id))).toEqual([]);
    expect((await teacher('DELETE', url)).statusCode).toBe(404);
  });
});

describe('POST /api/core/v1/GetPosts', () => {
  it('climbs 401 → 400 → 200 with the total in x-pagination-total', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/core/v1/GetPosts',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    const badSort = await teacher('POST', '/api/core/v1/GetPosts', { sort: 'password ASC' });
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().errors[0].field).toBe('sort');
    const page = await teacher('POST', '/api/core/v1/GetPosts', { perPage: 2 });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toHaveLength(2);
    expect(Number(page.headers['x-pagination-total'])).toBeGreaterThan(2);
  });
});

describe('the remaining rungs of each ladder', () => {
  it('answers 401 without a session, 400 to malformed input, 403 without the right', async () => {
    const anonymous = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string) =>
      (await t.app.inject({ method, url, payload: method === 'GET' ? undefined : {} })).statusCode;
    const tooLong = 'x'.repeat(160);
    for (const [method, url] of [
      ['POST', '/api/core/v1/GetPostsAll'],
      ['GET', '/api/core/v1/my-post'],
      ['GET', '/api/core/v1/user/1/posts'],
      ['POST', '/api/core/v1/post-read/1'],
      ['GET', '/api/core/v1/editor/1'],
      ['PUT', '/api/core/v1/editor/1'],
      ['DELETE', `${postUrl}/1`],
      ['DELETE', `${postUrl}/1/node`],
      ['POST', `${postUrl}/1/category`],
      ['DELETE', `${postUrl}/1/user`],
    ] as const) {
      expect(await anonymous(method, url), `${method} ${url}`).toBe(401);
    }
    expect((await admin('POST', '/api/core/v1/GetPostsAll', { perPage: 0 })).statusCode).toBe(400);
    expect((await admin('POST', '/api/core/v1/GetPostsAll', { type: ['blog'] })).statusCode).toBe(
      400,
    );
    expect((await teacher('GET', '/api/core/v1/my-post?perPage=abc')).statusCode).toBe(400);
    expect((await admin('GET', '/api/core/v1/user/abc/posts')).statusCode).toBe(400);
    expect((await teacher('POST', `/api/core/v1/post-read/${tooLong}`)).statusCode).toBe(400);
    expect((await teacher('DELETE', `${postUrl}/${tooLong}`)).statusCode).toBe(400);
    expect((await teacher('GET', `/api/core/v1/editor/${tooLong}`)).statusCode).toBe(400);
    expect(
      (await teacher('PUT', '/api/core/v1/editor/1', { version: -1, content: [] })).statusCode,
    ).toBe(400);
    expect((await teacher('POST', '/api/core/v1/GetPosts', { dateFrom: 'igår' })).statusCode).toBe(
      400,
    );
    expect((await teacher('POST', '/api/core/v1/GetPostsAll', {})).statusCode).toBe(403);
    // A student may not even delete a post she can read.
    const post = await createPost(teacher, {
      nodeIds: [school],
      title: 'Läsbar',
      categoryIds: [3, 4],
    });
    expect((await student('DELETE', `${postUrl}/${post.id}`)).statusCode).toBe(403);
    expect((await student('POST', `${postUrl}/${post.id}/user`, { userIds: [1] })).statusCode).toBe(
      403,
    );
    expect((await student('GET', `${postUrl}/${post.id}`)).statusCode).toBe(200);
  });
});

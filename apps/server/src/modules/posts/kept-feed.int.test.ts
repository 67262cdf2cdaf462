import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/raw-rows';
import { buildSchool, buildUser, signIn, type TestUser } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { clientFor, createPost, roleCategory } from '../../../test/posts-helpers';
import { createTool } from '../../../test/tools-helpers';

/**
 * GetPosts answers are kept per session and request under a stamp of
 * counters (feed-cache.ts): a kept answer is served while nothing it was made
 * from has changed, and never after.
 */
let t: TestContext;
let now = new Date('2026-11-23T07:30:00Z');
/** Two pupils and a teacher of the school the news is for; an administrator; another school's teacher. */
let people: Record<'elsa' | 'olle' | 'anna' | 'eva' | 'johan', TestUser>;

beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: () => now });
  const school = await buildSchool(t);
  people = {
    elsa: await buildUser(t, { role: 'role_student', school }),
    olle: await buildUser(t, { role: 'role_student', school }),
    anna: await buildUser(t, { role: 'role_teacher', school }),
    eva: await buildUser(t, { role: 'role_admin' }),
    johan: await buildUser(t, { role: 'role_teacher' }),
  };
  const admin = await clientFor(t, people.eva);
  const ekbacken = school.id;
  for (const title of ['Första nyheten', 'Andra nyheten', 'Tredje nyheten']) {
    await createPost(admin, {
      title,
      nodeIds: [ekbacken],
      categoryIds: [roleCategory.teacher, roleCategory.student],
    });
  }
});
afterAll(() => t.close());

interface Item {
  id: number;
  title: string;
  isRead: boolean;
  likes: { count: number; liked: boolean };
}

const request = { type: ['news'], sort: 'publishedDate DESC, id DESC', perPage: 5 };

async function feed(cookie: string, body: object = request) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/core/v1/GetPosts',
    headers: { cookie },
    payload: body,
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return { items: response.json() as Item[], total: response.headers['x-pagination-total'] };
}

const send = (cookie: string, method: 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('the kept GetPosts answers', () => {
  it('serves a kept answer without asking for the posts again', async () => {
    const cookie = await signIn(t.app, people.elsa);
    const first = await feed(cookie);
    expect(first.items.length).toBeGreaterThan(0);
    await t.db.execute(sql`alter table posts rename to posts_out_of_reach`);
    try {
      expect(await feed(cookie)).toEqual(first);
    } finally {
      await t.db.execute(sql`alter table posts_out_of_reach rename to posts`);
    }
    // Another request is another answer.
    const other = await feed(cookie, { ...request, perPage: 2 });
    expect(other.items).toEqual(first.items.slice(0, 2));
  });

  it('shows a post changed straight in the database at the next request', async () => {
    const cookie = await signIn(t.app, people.elsa);
    const [first] = (await feed(cookie)).items;
    await t.db.execute(sql`update posts set title = 'Ändrad rubrik' where id = ${first!.id}`);
    expect((await feed(cookie)).items[0]!.title).toBe('Ändrad rubrik');
  });

  it("shows the reader's own like and read at once, and others' likes within the minute", async () => {
    const reader = await signIn(t.app, people.olle);
    const neighbour = await signIn(t.app, people.anna);
    const [post] = (await feed(reader)).items;
    const likesBefore = post!.likes.count;
    expect((await send(reader, 'POST', '/api/core/v1/like', { postId: post!.id })).statusCode).toBe(
      200,
    );
    const afterOwn = (await feed(reader)).items.find((item) => item.id === post!.id)!;
    expect(afterOwn.likes).toMatchObject({ count: likesBefore + 1, liked: true });
    expect((await send(reader, 'POST', `/api/core/v1/post-read/${post!.id}`)).statusCode).toBe(200);
    expect((await feed(reader)).items.find((item) => item.id === post!.id)!.isRead).toBe(true);

    expect(
      (await send(neighbour, 'POST', '/api/core/v1/like', { postId: post!.id })).statusCode,
    ).toBe(200);
    // The reader's kept answer may show the neighbour's like a minute late, no later.
    now = new Date(now.getTime() + 60_000);
    const later = (await feed(reader)).items.find((item) => item.id === post!.id)!;
    expect(later.likes.count).toBe(likesBefore + 2);
  });

  it('guards every table a list answer is made of', async () => {
    const guarded = async (fn: string) =>
      (
        await rowsOf<{ table: string }>(
          t.db,
          sql`select distinct c.relname as table from pg_trigger g
              join pg_class c on c.oid = g.tgrelid join pg_proc p on p.oid = g.tgfoid
              where p.proname = ${fn} order by 1`,
        )
      ).map((row) => row.table);
    expect(await guarded('bump_content_generation')).toEqual([
      'comments',
      'media',
      'post_categories',
      'post_editors',
      'post_feed',
      'post_media',
      'post_nodes',
      // A translation saved or removed changes what a reader in its language is given (decision 0041).
      'post_translations',
      'post_users',
      'posts',
      'users',
    ]);
    expect(await guarded('bump_user_generation')).toEqual(['likes', 'post_reads', 'user_links']);
    expect(await guarded('bump_links_generation')).toEqual([
      'link_categories',
      'link_nodes',
      'links',
      'media',
    ]);
  });

  it("keeps the tools list the same way: a changed tool and one's own choice show at once", async () => {
    const admin = await clientFor(t, people.eva);
    const tool = await createTool(admin, { name: 'Valbart prov', optional: true });
    const teacher = await clientFor(t, people.johan);
    const list = async () => {
      const response = await teacher('POST', '/api/core/v1/GetLinks', {
        type: ['tool', 'google-tool'],
        sort: 'linkSort ASC, name ASC',
      });
      expect(response.statusCode).toBe(200);
      return response.json() as { id: number; name: string }[];
    };
    const before = await list();
    await t.db.execute(sql`alter table links rename to links_out_of_reach`);
    try {
      expect(await list()).toEqual(before);
    } finally {
      await t.db.execute(sql`alter table links_out_of_reach rename to links`);
    }
    expect(before.find((item) => item.id === tool.id)).toBeUndefined();
    expect((await teacher('POST', `/api/core/v1/user/links/${tool.id}`)).statusCode).toBeLessThan(
      300,
    );
    expect((await list()).find((item) => item.id === tool.id)).toBeDefined();
    await t.db.execute(sql`update links set name = 'Nytt namn' where id = ${tool.id}`);
    expect((await list()).find((item) => item.id === tool.id)?.name).toBe('Nytt namn');
  });
});

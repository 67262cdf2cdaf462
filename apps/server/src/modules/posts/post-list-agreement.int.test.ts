import { ids } from '@skolportalen/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClass, buildSchool, buildUser } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import {
  clientFor,
  createPost,
  postUrl,
  roleCategory,
  type Client,
} from '../../../test/posts-helpers';
import { runPostSchedule } from './post-scheduler';

/**
 * Decision 0036: one rule decides who sees a post. For every tricky case a
 * single read, the lists (the plain feed, the filtered list, post_list_all's
 * list), search and the comments of the post give the same answer.
 */
const hour = 60 * 60 * 1000;
let now = new Date('2026-11-23T07:00:00.000Z');
let t: TestContext;
const word = 'Agreementprov';
const readers: Record<string, Client> = {};
const created: Record<string, number> = {};
const allStatuses = ['publish', 'draft', 'future'];

beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: () => now });
  const school = await buildSchool(t);
  const ownClass = await buildClass(t, { school });
  const pupil = await buildUser(t, { role: 'role_student', class: ownClass });
  const teacher = await clientFor(t, await buildUser(t, { role: 'role_teacher', class: ownClass }));
  const admin = await clientFor(t, await buildUser(t, { role: 'role_admin' }));
  readers.author = teacher;
  readers.pupil = await clientFor(t, pupil);
  // A principal of another school, who may list users and aim at every group.
  readers.otherPrincipal = await clientFor(
    t,
    await buildUser(t, {
      role: 'role_school_responsible',
      school: await buildSchool(t),
      capabilities: { publish_all_groups: true },
    }),
  );
  readers.admin = admin;
  const pupils = { nodeIds: [school.id], categoryIds: [roleCategory.student] };
  const add = async (name: string, client: Client, extra: Record<string, unknown>) => {
    const post = await createPost(client, { title: `${word} ${name}`, ...pupils, ...extra });
    created[name] = post.id;
  };
  await add('published', teacher, {});
  await add('draft', teacher, { status: 'draft' });
  await add('expired', teacher, { unpublishedDate: new Date(now.getTime() + hour).toISOString() });
  await add('teachers only', teacher, { categoryIds: [roleCategory.teacher] });
  await add('named pupil', teacher, {
    categoryIds: [roleCategory.teacher],
    userIds: [pupil.id],
  });
  // Pages placed on the start page, listed by their own statement (placedPagesPage).
  await add('placed page', teacher, { type: 'page', pagePlacement: 'start-top' });
  await add('placed page for teachers', teacher, {
    type: 'page',
    pagePlacement: 'start-bottom',
    categoryIds: [roleCategory.teacher],
  });
  await add('placed page naming the pupil', teacher, {
    type: 'page',
    pagePlacement: 'start-bottom',
    categoryIds: [roleCategory.teacher],
    userIds: [pupil.id],
  });
  await add('placed draft', teacher, { type: 'page', pagePlacement: 'start-top', status: 'draft' });
  await add('alert', admin, {
    type: 'alert',
    nodeIds: [ids.municipalityNodeId],
    categoryIds: [roleCategory.student],
  });
  // The expired one's time passes; the future one's has not come yet.
  now = new Date(now.getTime() + 2 * hour);
  await runPostSchedule(t.db, now);
  await add('future', teacher, { publishedDate: new Date(now.getTime() + hour).toISOString() });
}, 240_000);
afterAll(() => t.close());

const idsOf = (body: string) => new Set((JSON.parse(body) as { id: number }[]).map((p) => p.id));

async function listed(client: Client, route: string, body: Record<string, unknown>) {
  const response = await client('POST', `/api/core/v1/${route}`, { perPage: 9999, ...body });
  expect(response.statusCode, response.body).toBe(200);
  const found = idsOf(response.body);
  // The total (x-pagination-total, counted its own way for the plain feed) is what is listed.
  expect(Number(response.headers['x-pagination-total']), `${route} total`).toBe(found.size);
  return found;
}

describe('a single read and the lists agree on who sees a post', () => {
  for (const reader of ['pupil', 'author', 'otherPrincipal', 'admin']) {
    it(`for ${reader}`, async () => {
      const client = readers[reader]!;
      const single = new Map<string, { visible: boolean; published: boolean }>();
      for (const [name, id] of Object.entries(created)) {
        const response = await client('GET', `${postUrl}/${id}`);
        expect([200, 404], `${name}: ${response.body}`).toContain(response.statusCode);
        single.set(name, {
          visible: response.statusCode === 200,
          published: response.statusCode === 200 && response.json().status === 'publish',
        });
      }
      const feed = await listed(client, 'GetPosts', {});
      // The plain feed by type too: its total comes from the feed table.
      for (const type of ['news', 'alert']) {
        const ofType = await listed(client, 'GetPosts', { type: [type] });
        expect(
          [...ofType].every((id) => feed.has(id)),
          type,
        ).toBe(true);
      }
      const placed = await listed(client, 'GetPosts', {
        type: ['page', 'page-related'],
        pagePlacement: ['start-top', 'start-bottom'],
        sort: 'order ASC, publishedDate DESC',
      });
      const filtered = await listed(client, 'GetPosts', { status: allStatuses, search: word });
      const everything =
        reader === 'admin'
          ? await listed(client, 'GetPostsAll', { status: allStatuses, search: word })
          : null;
      const searched = await client('GET', `/api/core/v1/search?q=${word}&perPage=100`);
      const hits = searched.statusCode === 200 ? idsOf(searched.body) : null;
      for (const [name, id] of Object.entries(created)) {
        const { visible, published } = single.get(name)!;
        const comments = await client('GET', `/api/core/v1/comment?postId=${id}`);
        if (reader === 'admin') {
          // post_list_all opens the single read and GetPostsAll; the reader's own lists stay the reader's.
          expect(visible, name).toBe(true);
          expect(everything!.has(id), name).toBe(true);
          expect(comments.statusCode, name).not.toBe(404);
          continue;
        }
        expect(filtered.has(id), `filtered list: ${name}`).toBe(visible);
        expect(feed.has(id), `feed: ${name}`).toBe(published);
        expect(placed.has(id), `placed pages: ${name}`).toBe(
          published && name.startsWith('placed'),
        );
        if (hits) expect(hits.has(id), `search: ${name}`).toBe(published);
        // A visible post that is not published answers 403 NOT_PUBLISHED; an invisible one 404.
        expect(comments.statusCode !== 404, `comments: ${name}`).toBe(visible);
      }
    });
  }

  it('holds the expected answers for the pupil', async () => {
    const seen = [];
    for (const [name, id] of Object.entries(created)) {
      if ((await readers.pupil!('GET', `${postUrl}/${id}`)).statusCode === 200) seen.push(name);
    }
    expect(seen.sort()).toEqual([
      'alert',
      'named pupil',
      'placed page',
      'placed page naming the pupil',
      'published',
    ]);
  });
});

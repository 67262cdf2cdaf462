import { getPostsRequest, ids, postSortColumns } from '@skolportalen/shared';
import {
  mustReadRequest,
  newsFeedRequest,
  placementRequest,
  startNoticesRequest,
} from '@skolportalen/shared/start-page';
import { memoryCache } from '../../cache/cache';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { createTestApp, signInAs, type TestContext } from '../../../test/harness';
import {
  clientFor,
  createPost,
  postBody,
  postUrl,
  roleCategory,
  type Client,
} from '../../../test/posts-helpers';
import { sortOrThrow } from '../../http/list-sort';
import { loadPostAudience } from '../audience/audience.repo';
import { feedMirrorOf } from './feed-mirror';
import { listFilters, listPosts } from './post-lists.service';
import { readerHasOwnPosts } from './post-feed.repo';
import type { PostsContext } from './posts.service';
import { defaultPostSort } from './posts.repo';

/**
 * The feed kept in memory (feed-mirror.ts, decision 0053) answers GetPosts
 * for readers whose list is their groups' feed: its pages and totals are
 * SQL's, for every kind of demo reader, and every change to the feed shows
 * at the next request.
 */
let t: TestContext;
let admin: Client;
const clock = new Date('2026-11-23T07:00:00.000Z');

const getPosts = '/api/core/v1/GetPosts';

beforeAll(async () => {
  t = await createTestApp({ clock: () => clock });
  admin = await clientFor(t, 'sven.svensson');
  // Enough posts for several pages, with equal positions and equal times to break ties.
  for (let n = 0; n < 14; n += 1) {
    await createPost(admin, {
      type: n % 3 === 0 ? 'info' : 'news',
      title: `Speglad ${n}`,
      nodeIds: [ids.municipalityNodeId],
      categoryIds: [roleCategory.student, roleCategory.caretaker, roleCategory.teacher],
      order: n % 4 === 0 ? -1 : 0,
      publishedDate: new Date(clock.getTime() - (n % 5) * 3_600_000).toISOString(),
    });
  }
  // Pages on the start page, one for teachers only; a must-read notice for guardians only.
  for (const [n, placement] of (['start-top', 'start-bottom', 'start-top'] as const).entries())
    await createPost(admin, {
      type: n === 2 ? 'page-related' : 'page',
      title: `Speglad sida ${n}`,
      nodeIds: [ids.municipalityNodeId],
      categoryIds: n === 1 ? [roleCategory.teacher] : [roleCategory.student, roleCategory.teacher],
      pagePlacement: placement,
    });
  await createPost(admin, {
    title: 'Speglad kallelse',
    nodeIds: [ids.municipalityNodeId],
    categoryIds: [roleCategory.caretaker],
    requiresAcknowledgement: true,
    acknowledgeBy: new Date(clock.getTime() + 3 * 86_400_000).toISOString(),
    acknowledgement: 'each-reader',
  });
});
afterAll(async () => {
  await t.close();
});

const readers = [
  'anna.larsson',
  'anna.larsson.vh',
  'johan.berg',
  'elsa.nilsson',
  'leo.nilsson',
  'karin.nilsson',
  'eva.andersson',
];

const bodies: object[] = [
  { perPage: 5 },
  { perPage: 5, page: 2 },
  { perPage: 5, page: 4 },
  { perPage: 7, sort: 'publishedDate DESC' },
  { perPage: 3, page: 3, sort: 'publishedDate DESC, id DESC' },
  { type: ['news'], perPage: 4, sort: 'publishedDate DESC' },
  { type: ['info', 'alert'], perPage: 10 },
  { ...startNoticesRequest },
  { ...newsFeedRequest(1, 10) },
  { ...newsFeedRequest(2, 10) },
  { ...placementRequest },
  { ...placementRequest, sort: 'order ASC' },
  { ...placementRequest, type: ['page'], perPage: 1, page: 2 },
  { ...mustReadRequest },
  { ...mustReadRequest, mustRead: 'all' },
  { type: ['page'], perPage: 10 },
  { perPage: 9999 },
];

async function asked(cookie: string, body: object) {
  const answer = await t.app.inject({
    method: 'POST',
    url: getPosts,
    headers: { cookie },
    payload: body,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return {
    ids: (answer.json() as { id: number }[]).map((post) => post.id),
    total: Number(answer.headers['x-pagination-total']),
  };
}

/** The same list by SQL alone: the list service without the request's counters. */
async function fromSql(userId: number, body: object) {
  const parsed = getPostsRequest.parse(body);
  const viewer = { audience: await loadPostAudience(t.db, userId), listAll: false };
  const sort = sortOrThrow(parsed.sort, postSortColumns, defaultPostSort);
  const ctx = { db: t.db, cache: memoryCache(), now: () => clock } as unknown as PostsContext;
  const { rows, total } = await listPosts(ctx, viewer, listFilters(parsed), sort, parsed);
  return { ids: rows.map((row) => row.post.id), total };
}

async function userIdOf(cookie: string): Promise<number> {
  const me = await t.app.inject({ method: 'GET', url: '/api/core/v1/user', headers: { cookie } });
  return me.json().id;
}

const feedCounter = async () => {
  const [row] = (
    (await t.db.execute(
      sql`select value::int as value from cache_generations where scope = 'feed'`,
    )) as unknown as { rows: { value: number }[] }
  ).rows;
  return row!.value;
};

describe('the feed kept in memory', () => {
  it.each(readers)('gives %s the pages and totals SQL gives', async (username) => {
    const cookie = await signInAs(t.app, username);
    const userId = await userIdOf(cookie);
    for (const body of bodies) {
      expect(await asked(cookie, body), JSON.stringify(body)).toEqual(await fromSql(userId, body));
    }
  });

  it('answers a plain reader itself', async () => {
    const cookie = await signInAs(t.app, 'elsa.nilsson');
    const userId = await userIdOf(cookie);
    expect(await readerHasOwnPosts(t.db, userId)).toBe(false);
    const index = await feedMirrorOf(t.db).at(await feedCounter());
    expect(index).not.toBeNull();
    const audience = await loadPostAudience(t.db, userId);
    const kept = index!.page(audience.nodeIds, audience.categoryIds, [], 'order', 0, 5);
    expect(await asked(cookie, { perPage: 5 })).toEqual(kept);
  });

  it('shows a new post, a change of targets, an unpublished and a deleted post at the next request', async () => {
    const cookie = await signInAs(t.app, 'elsa.nilsson');
    const all = async () => (await asked(cookie, { perPage: 9999 })).ids;
    const before = await all();
    const input = {
      title: 'Speglad ny',
      nodeIds: [ids.municipalityNodeId],
      categoryIds: [roleCategory.student],
      order: -5,
    };
    const post = await createPost(admin, input);
    expect((await all())[0]).toBe(post.id);
    const edit = async (change: Record<string, unknown>) => {
      const answer = await admin('PUT', `${postUrl}/${post.id}`, postBody({ ...input, ...change }));
      expect(answer.statusCode, answer.body).toBe(200);
    };
    // Aimed at teachers only: gone from the pupil's feed.
    await edit({ categoryIds: [roleCategory.teacher] });
    expect(await all()).toEqual(before);
    await edit({});
    expect(await all()).toContain(post.id);
    await edit({ status: 'draft' });
    expect(await all()).toEqual(before);
    await edit({ status: 'publish' });
    expect(await all()).toContain(post.id);
    const removed = await admin('DELETE', `${postUrl}/${post.id}`);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect(await all()).toEqual(before);
  });

  it('shows a page placed on the start page and a notice made must-read straight in the database at the next request', async () => {
    const cookie = await signInAs(t.app, 'elsa.nilsson');
    const page = await createPost(admin, {
      type: 'page',
      title: 'Speglad sida utan plats',
      nodeIds: [ids.municipalityNodeId],
      categoryIds: [roleCategory.student],
    });
    const placed = async () => (await asked(cookie, placementRequest)).ids;
    expect(await placed()).not.toContain(page.id);
    await t.db.execute(sql`update posts set page_placement = 'start-top' where id = ${page.id}`);
    expect(await placed()).toContain(page.id);

    const mustRead = async () => (await asked(cookie, mustReadRequest)).ids;
    expect(await mustRead()).toEqual([]);
    await t.db.execute(
      sql`update posts set requires_acknowledgement = true, acknowledgement = 'each-reader' where id = ${page.id}`,
    );
    expect(await mustRead()).toEqual([page.id]);
    await t.db.execute(
      sql`update posts set requires_acknowledgement = false where id = ${page.id}`,
    );
    expect(await mustRead()).toEqual([]);
  });

  it("shows the reader's like and read, and an author's protected identity, at the next request", async () => {
    const cookie = await signInAs(t.app, 'leo.nilsson');
    const author = await buildUser(t, { role: 'role_admin', lastName: 'Speglasson' });
    const post = await createPost(await clientFor(t, author), {
      title: 'Speglad av en skyddad',
      nodeIds: [ids.municipalityNodeId],
      categoryIds: [roleCategory.student],
      order: -9,
    });
    const first = async () => {
      const answer = await t.app.inject({
        method: 'POST',
        url: getPosts,
        headers: { cookie },
        payload: { perPage: 1 },
      });
      return (answer.json() as Record<string, unknown>[])[0]!;
    };
    expect(await first()).toMatchObject({ id: post.id, isRead: false, likes: { liked: false } });
    const like = await t.app.inject({
      method: 'POST',
      url: '/api/core/v1/like',
      headers: { cookie },
      payload: { postId: post.id },
    });
    expect(like.statusCode, like.body).toBeLessThan(300);
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/core/v1/post-read/${post.id}`,
      headers: { cookie },
    });
    expect(read.statusCode, read.body).toBeLessThan(300);
    const marked = await first();
    expect(marked).toMatchObject({ id: post.id, isRead: true, likes: { count: 1, liked: true } });
    const named = JSON.stringify(marked);
    expect(named).toContain(author.lastName);
    await t.db.execute(
      sql`update users set security_marking = 'Skyddad folkbokföring' where id = ${author.id}`,
    );
    expect(JSON.stringify(await first())).not.toContain(author.lastName);
  });

  it('shows a change made straight in the feed table at the next request', async () => {
    const cookie = await signInAs(t.app, 'leo.nilsson');
    const first = await asked(cookie, { perPage: 9999 });
    const gone = first.ids[0]!;
    await t.db.execute(sql`delete from post_feed where post_id = ${gone}`);
    const after = await asked(cookie, { perPage: 9999 });
    expect(after.ids).toEqual(first.ids.slice(1));
    expect(after.total).toBe(first.total - 1);
  });

  it("follows the reader's groups: a pupil taken out of a group no longer sees its posts", async () => {
    const cookie = await signInAs(t.app, 'elsa.nilsson');
    const userId = await userIdOf(cookie);
    const [group] = (
      (await t.db.execute(
        sql`insert into nodes (name, type, parent_id) values ('Speglad grupp', 'Undervisning', ${ids.municipalityNodeId}) returning id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    await t.db.execute(
      sql`insert into user_nodes (user_id, node_id) values (${userId}, ${group!.id})`,
    );
    const groupPost = await createPost(admin, {
      title: 'Speglad för en grupp',
      nodeIds: [group!.id],
      categoryIds: [roleCategory.student],
    });
    const seen = async () => (await asked(cookie, { perPage: 9999 })).ids.includes(groupPost.id);
    expect(await seen()).toBe(true);
    await t.db.execute(
      sql`delete from user_nodes where user_id = ${userId} and node_id = ${group!.id}`,
    );
    expect(await seen()).toBe(false);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids } from '@skolportalen/shared';
import { createTestApp, signInAs, type TestContext } from '../../../test/harness';
import { clientFor, createPost, roleCategory } from '../../../test/posts-helpers';
import { listedPostsByIds } from './posts.repo';

/**
 * The lists of one page ask for their posts by id at the same moment and are
 * read in one statement (posts.repo.ts): each list still gets its own posts in
 * its own order, and each reader their own marks.
 */
let t: TestContext;
let postIds: number[];
let reader: number;
let other: number;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await clientFor(t, 'sven.svensson');
  for (let n = 0; n < 5; n += 1)
    await createPost(admin, {
      title: `Läst tillsammans ${n}`,
      nodeIds: [ids.municipalityNodeId],
      categoryIds: [roleCategory.student],
    });
  const cookie = await signInAs(t.app, 'elsa.nilsson');
  const feed = await t.app.inject({
    method: 'POST',
    url: '/api/core/v1/GetPosts',
    headers: { cookie },
    payload: { perPage: 6 },
  });
  postIds = (feed.json() as { id: number }[]).map((post) => post.id);
  reader = (
    await t.app.inject({ method: 'GET', url: '/api/core/v1/user', headers: { cookie } })
  ).json().id;
  const liked = await t.app.inject({
    method: 'POST',
    url: '/api/core/v1/like',
    headers: { cookie },
    payload: { postId: postIds[0] },
  });
  expect(liked.statusCode, liked.body).toBeLessThan(300);
  const otherCookie = await signInAs(t.app, 'leo.nilsson');
  other = (
    await t.app.inject({
      method: 'GET',
      url: '/api/core/v1/user',
      headers: { cookie: otherCookie },
    })
  ).json().id;
});
afterAll(async () => {
  await t.close();
});

describe('posts read by id together', () => {
  it('gives each list its own posts in its own order', async () => {
    expect(postIds.length).toBeGreaterThanOrEqual(4);
    const [a, b, c] = await Promise.all([
      listedPostsByIds(t.db, reader, [postIds[3]!, postIds[0]!]),
      listedPostsByIds(t.db, reader, [postIds[1]!]),
      listedPostsByIds(t.db, reader, [postIds[0]!, postIds[2]!, 999_999]),
    ]);
    expect(a.map((row) => row.post.id)).toEqual([postIds[3], postIds[0]]);
    expect(b.map((row) => row.post.id)).toEqual([postIds[1]]);
    expect(c.map((row) => row.post.id)).toEqual([postIds[0], postIds[2]]);
  });

  it("keeps each reader's own marks apart when they ask at the same moment", async () => {
    const [mine, theirs] = await Promise.all([
      listedPostsByIds(t.db, reader, [postIds[0]!]),
      listedPostsByIds(t.db, other, [postIds[0]!]),
    ]);
    expect(mine[0]!.likeId).not.toBeNull();
    expect(theirs[0]!.likeId).toBeNull();
    expect(mine[0]!.likeCount).toBe(theirs[0]!.likeCount);
  });
});

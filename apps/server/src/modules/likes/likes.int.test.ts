import type { CommentResponse, LikeResponse, PostResponse } from '@skolportalen/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSchool, buildUser, type TestUser } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { clientFor, createPost, roleCategory, type Client } from '../../../test/posts-helpers';
import { likes, userCapabilities } from '../../db/schema';

const url = '/api/core/v1/like';
const notFound = { code: 'NOT_FOUND', message: 'Det du letade efter finns inte.' };
const oneTarget = 'Ange antingen postId eller commentId, inte båda.';

let t: TestContext;
let admin: Client;
let anna: Client;
let elsa: Client;
let olle: Client;
let leo: Client;
/** A pupil whose own rights the tests change. */
let elsaAccount: TestUser;
let open: PostResponse;
let closed: PostResponse;
let hidden: PostResponse;
let draft: PostResponse;

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  // A teacher and two pupils of one school; a pupil of another.
  const school = await buildSchool(t);
  const otherSchool = await buildSchool(t);
  admin = await clientFor(t, await buildUser(t, { role: 'role_admin' }));
  anna = await clientFor(t, await buildUser(t, { role: 'role_teacher', school }));
  elsaAccount = await buildUser(t, { role: 'role_student', school });
  elsa = await clientFor(t, elsaAccount);
  olle = await clientFor(t, await buildUser(t, { role: 'role_student', school }));
  leo = await clientFor(t, await buildUser(t, { role: 'role_student', school: otherSchool }));
  const ekbacken = school.id;
  const readers = [roleCategory.teacher, roleCategory.student];
  open = await createPost(admin, { title: 'Gilla mig', nodeIds: [ekbacken], categoryIds: readers });
  closed = await createPost(admin, {
    title: 'Utan kommentarer',
    nodeIds: [ekbacken],
    categoryIds: readers,
    allowComments: false,
  });
  hidden = await createPost(admin, {
    title: 'Lindäng',
    nodeIds: [otherSchool.id],
    categoryIds: readers,
  });
  draft = await createPost(anna, {
    title: 'Utkast',
    status: 'draft',
    nodeIds: [ekbacken],
    categoryIds: readers,
  });
});
afterAll(() => t.close());

async function setRight(user: TestUser, key: string, value: boolean | null) {
  const id = user.id;
  await t.db
    .delete(userCapabilities)
    .where(and(eq(userCapabilities.userId, id), eq(userCapabilities.capabilityKey, key)));
  if (value !== null)
    await t.db.insert(userCapabilities).values({ userId: id, capabilityKey: key, value });
}

async function likeOf(client: Client, target: { postId: number } | { commentId: number }) {
  const response = await client('POST', url, target);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as LikeResponse;
}

async function comment(client: Client, postId: number, text: string) {
  const response = await client('POST', '/api/core/v1/comment', { postId, text });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as CommentResponse;
}

const rowsFor = async (postId: number) =>
  (await t.db.select().from(likes).where(eq(likes.postId, postId))).length;

describe('GET /api/core/v1/like', () => {
  it('climbs 401 → 400 → 404 (missing or unseen alike) → 200', async () => {
    expect((await t.app.inject({ url: `${url}?postId=${open.id}` })).statusCode).toBe(401);
    for (const query of ['', `?postId=${open.id}&commentId=1`]) {
      const response = await elsa('GET', `${url}${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ field: 'postId', message: oneTarget }]);
    }
    expect((await elsa('GET', `${url}?postId=abc`)).json().errors).toEqual([
      { field: 'postId', message: 'Fel typ av värde' },
    ]);
    expect((await elsa('GET', `${url}?commentId=1e3x`)).statusCode).toBe(400);

    const missing = await elsa('GET', `${url}?postId=999999`);
    const unseen = await elsa('GET', `${url}?postId=${hidden.id}`);
    expect([missing.statusCode, unseen.statusCode]).toEqual([404, 404]);
    expect(unseen.json()).toEqual(notFound);
    expect((await elsa('GET', `${url}?commentId=999999`)).json()).toEqual(notFound);

    expect((await elsa('GET', `${url}?postId=${open.id}`)).json()).toEqual({
      postId: open.id,
      commentId: null,
      count: 0,
      liked: false,
      likeId: null,
    });
    // Likes do not depend on comments being on.
    expect((await elsa('GET', `${url}?postId=${closed.id}`)).statusCode).toBe(200);
    expect((await anna('GET', `${url}?postId=${draft.id}`)).json().code).toBe('NOT_PUBLISHED');
  });
});

describe('POST /api/core/v1/like', () => {
  it('climbs 401 → 400 → 403 without the right → 404 unseen → 200', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url, payload: { postId: open.id } })).statusCode,
    ).toBe(401);
    for (const payload of [{}, { postId: open.id, commentId: 1 }]) {
      expect((await elsa('POST', url, payload)).json().errors).toEqual([
        { field: 'postId', message: oneTarget },
      ]);
    }
    expect((await elsa('POST', url, { postId: String(open.id) })).json().errors).toEqual([
      { field: 'postId', message: 'Fel typ av värde' },
    ]);
    expect((await elsa('POST', url, { postId: true })).statusCode).toBe(400);

    await setRight(elsaAccount, 'create_like', false);
    expect((await elsa('POST', url, { postId: open.id })).statusCode).toBe(403);
    await setRight(elsaAccount, 'create_like', null);

    expect((await elsa('POST', url, { postId: hidden.id })).json()).toEqual(notFound);
    expect((await elsa('POST', url, { postId: 999_999 })).json()).toEqual(notFound);
    expect((await anna('POST', url, { postId: draft.id })).statusCode).toBe(403);
    expect(await rowsFor(hidden.id)).toBe(0);
    expect(await rowsFor(draft.id)).toBe(0);
  });

  it('is idempotent: liking twice keeps one like and answers the same', async () => {
    const first = await likeOf(elsa, { postId: open.id });
    expect(first).toEqual({
      postId: open.id,
      commentId: null,
      count: 1,
      liked: true,
      likeId: expect.any(Number),
    });
    expect(await likeOf(elsa, { postId: open.id })).toEqual(first);
    expect(await rowsFor(open.id)).toBe(1);

    // At the same moment, too.
    const together = await Promise.all(
      [1, 2, 3, 4, 5].map(() => likeOf(olle, { postId: open.id })),
    );
    expect(new Set(together.map((answer) => answer.likeId)).size).toBe(1);
    expect(await rowsFor(open.id)).toBe(2);
  });

  it('counts everyone’s likes and tells each reader whether they like it', async () => {
    const post = await createPost(admin, {
      title: 'Räkna',
      nodeIds: [1],
      categoryIds: [roleCategory.teacher, roleCategory.student],
    });
    await likeOf(elsa, { postId: post.id });
    await likeOf(anna, { postId: post.id });
    expect((await olle('GET', `${url}?postId=${post.id}`)).json()).toMatchObject({
      count: 2,
      liked: false,
      likeId: null,
    });
    expect((await anna('GET', `${url}?postId=${post.id}`)).json()).toMatchObject({
      count: 2,
      liked: true,
    });
  });

  it('likes comments: the count and the flag appear in the comment list', async () => {
    const elsas = await comment(elsa, open.id, 'Gilla min kommentar');
    const liked = await likeOf(anna, { commentId: elsas.id });
    expect(liked).toMatchObject({ postId: null, commentId: elsas.id, count: 1, liked: true });
    await likeOf(olle, { commentId: elsas.id });

    const asAnna = (await anna('GET', `/api/core/v1/comment?postId=${open.id}`)).json();
    expect(asAnna.find((item: CommentResponse) => item.id === elsas.id).likes).toEqual({
      count: 2,
      liked: true,
      likeId: liked.likeId,
    });
    const asElsa = (await elsa('GET', `/api/core/v1/comment?postId=${open.id}`)).json();
    expect(asElsa.find((item: CommentResponse) => item.id === elsas.id).likes).toEqual({
      count: 2,
      liked: false,
      likeId: null,
    });
    // A comment under a post Leo cannot see is not there for him.
    expect((await leo('POST', url, { commentId: elsas.id })).json()).toEqual(notFound);
    expect((await leo('GET', `${url}?commentId=${elsas.id}`)).json()).toEqual(notFound);
  });

  it('refuses likes on comments once the post has closed for comments', async () => {
    const post = await createPost(admin, {
      title: 'Stängs',
      nodeIds: [1],
      categoryIds: [roleCategory.teacher, roleCategory.student],
    });
    const annas = await comment(anna, post.id, 'Snart stängt');
    const liked = await likeOf(elsa, { commentId: annas.id });
    const edited = await admin('PUT', `/api/core/v1/post/${post.id}`, {
      type: 'news',
      title: post.title,
      excerpt: post.excerpt,
      nodeIds: post.nodeIds,
      categoryIds: post.categoryIds,
      allowComments: false,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await olle('POST', url, { commentId: annas.id })).json().code).toBe('COMMENTS_CLOSED');
    // Taking back one's own like still works.
    expect((await elsa('DELETE', `${url}/${liked.likeId}`)).json()).toMatchObject({
      count: 0,
      liked: false,
    });
  });
});

describe('DELETE /api/core/v1/like/{id}', () => {
  it('takes back one’s own like by its id; anyone else’s is not found', async () => {
    const post = await createPost(admin, {
      title: 'Ångra',
      nodeIds: [1],
      categoryIds: [roleCategory.teacher, roleCategory.student],
    });
    const elsas = await likeOf(elsa, { postId: post.id });
    await likeOf(olle, { postId: post.id });

    expect(
      (await t.app.inject({ method: 'DELETE', url: `${url}/${elsas.likeId}` })).statusCode,
    ).toBe(401);
    expect((await elsa('DELETE', `${url}/abc`)).json().errors).toEqual([
      { field: 'id', message: 'Fel typ av värde' },
    ]);
    expect((await olle('DELETE', `${url}/${elsas.likeId}`)).json()).toEqual(notFound);
    expect((await elsa('DELETE', `${url}/999999`)).json()).toEqual(notFound);

    await setRight(elsaAccount, 'delete_like', false);
    expect((await elsa('DELETE', `${url}/${elsas.likeId}`)).statusCode).toBe(403);
    await setRight(elsaAccount, 'delete_like', null);

    const removed = await elsa('DELETE', `${url}/${elsas.likeId}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({
      postId: post.id,
      commentId: null,
      count: 1,
      liked: false,
      likeId: null,
    });
    expect((await elsa('DELETE', `${url}/${elsas.likeId}`)).statusCode).toBe(404);
    expect(await rowsFor(post.id)).toBe(1);
    // Liking again makes a new like.
    expect((await likeOf(elsa, { postId: post.id })).likeId).not.toBe(elsas.likeId);
  });
});

describe('posts carry their likes and comment count', () => {
  it('in GET /post/{id} and in GetPosts, for the reader asking', async () => {
    const post = await createPost(admin, {
      title: 'Räknas i flödet',
      nodeIds: [1],
      categoryIds: [roleCategory.teacher, roleCategory.student],
    });
    const elsas = await likeOf(elsa, { postId: post.id });
    await likeOf(anna, { postId: post.id });
    await comment(olle, post.id, 'Ett');
    await comment(anna, post.id, 'Två');

    const single = (await elsa('GET', `/api/core/v1/post/${post.id}`)).json();
    expect(single).toMatchObject({
      likes: { count: 2, liked: true, likeId: elsas.likeId },
      commentCount: 2,
    });
    const feed = (await olle('POST', '/api/core/v1/GetPosts', { perPage: 9999 })).json();
    expect(feed.find((item: PostResponse) => item.id === post.id)).toMatchObject({
      likes: { count: 2, liked: false, likeId: null },
      commentCount: 2,
    });
  });
});

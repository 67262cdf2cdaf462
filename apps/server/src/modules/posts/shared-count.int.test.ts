import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userNodes } from '../../db/schema';
import { buildClass, buildSchool, buildUser, signIn, type TestUser } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { clientFor, createPost, roleCategory, type Client } from '../../../test/posts-helpers';

/**
 * A list's total (`x-pagination-total`) is one count for every reader with
 * the same groups and categories and no posts of their own (decision 0050):
 * each reader's total must still be exactly what they see, at the very next
 * request after anything it is made of changes.
 */
let t: TestContext;
let admin: Client;
let classA: Awaited<ReturnType<typeof buildClass>>;
let classB: Awaited<ReturnType<typeof buildClass>>;
let elsa: TestUser;
let olle: TestUser;

const news = { type: ['news'], sort: 'publishedDate DESC, id DESC', perPage: 2 };

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  const school = await buildSchool(t);
  classA = await buildClass(t, { school });
  classB = await buildClass(t, { school });
  elsa = await buildUser(t, { role: 'role_student', class: classA });
  olle = await buildUser(t, { role: 'role_student', class: classA });
  admin = await clientFor(t, await buildUser(t, { role: 'role_admin' }));
  for (const title of ['Klass A:s första', 'Klass A:s andra', 'Klass A:s tredje']) {
    await createPost(admin, { title, nodeIds: [classA.id], categoryIds: [roleCategory.student] });
  }
});
afterAll(() => t.close());

/** The reader's news: the titles of the first page and the total of all. */
async function feedOf(reader: TestUser) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/core/v1/GetPosts',
    headers: { cookie: await signIn(t.app, reader) },
    payload: news,
  });
  expect(response.statusCode, response.body).toBe(200);
  const all = await t.app.inject({
    method: 'POST',
    url: '/api/core/v1/GetPosts',
    headers: { cookie: await signIn(t.app, reader) },
    payload: { ...news, perPage: 9999 },
  });
  return {
    total: Number(response.headers['x-pagination-total']),
    seen: (all.json() as { title: string }[]).length,
  };
}

describe("a list's total shared by readers of one audience", () => {
  it('is the same for two pupils of one class, and what each sees', async () => {
    expect(await feedOf(elsa)).toEqual({ total: 3, seen: 3 });
    expect(await feedOf(olle)).toEqual({ total: 3, seen: 3 });
  });

  it('counts a new post for the class at the next request', async () => {
    await createPost(admin, {
      title: 'Klass A:s fjärde',
      nodeIds: [classA.id],
      categoryIds: [roleCategory.student],
    });
    expect(await feedOf(elsa)).toEqual({ total: 4, seen: 4 });
    expect(await feedOf(olle)).toEqual({ total: 4, seen: 4 });
  });

  it('counts a post that names one reader for that reader alone, never for the other', async () => {
    // Aimed at class B only, and named to Olle: his own, not his audience's.
    await createPost(admin, {
      title: 'Bara till Olle',
      nodeIds: [classB.id],
      categoryIds: [roleCategory.student],
      userIds: [olle.id],
    });
    expect(await feedOf(olle)).toEqual({ total: 5, seen: 5 });
    expect(await feedOf(elsa)).toEqual({ total: 4, seen: 4 });
  });

  it('follows a change of class at the next request', async () => {
    expect((await feedOf(elsa)).total).toBe(4);
    await t.db
      .update(userNodes)
      .set({ nodeId: classB.id })
      .where(and(eq(userNodes.userId, elsa.id), eq(userNodes.nodeId, classA.id)));
    // Class B has one post: the one aimed at it and named to Olle besides.
    expect(await feedOf(elsa)).toEqual({ total: 1, seen: 1 });
    expect(await feedOf(olle)).toEqual({ total: 5, seen: 5 });
  });
});

import type { CommentResponse, PostResponse } from '@skolportalen/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClass, buildSchool, buildUser, type TestUser } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import {
  clientFor,
  createPost,
  nodeIdByName,
  postUrl,
  roleCategory,
  type Client,
} from '../../../test/posts-helpers';
import { auditLog, comments, userCapabilities } from '../../db/schema';

const url = '/api/core/v1/comment';
const notFound = { code: 'NOT_FOUND', message: 'Det du letade efter finns inte.' };

let t: TestContext;
let admin: Client;
let anna: Client;
let elsa: Client;
let leo: Client;
let open: PostResponse;
let closed: PostResponse;
let hidden: PostResponse;
let draft: PostResponse;
const userId: Record<string, number> = {};
/** Two pupils who only sign in in one test each. */
let pupils: Record<'olle' | 'ali', TestUser>;

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  // Two schools: a teacher and pupils of class 3A and 5A at one, pupils at the other.
  const ekbackenSchool = await buildSchool(t, { name: 'Ekbackens skola' });
  const lindangSchool = await buildSchool(t, { name: 'Lindängsskolan' });
  const class3A = await buildClass(t, { school: ekbackenSchool, name: '3A' });
  const class5A = await buildClass(t, { school: ekbackenSchool, name: '5A' });
  const people = {
    eva: await buildUser(t, { role: 'role_admin' }),
    anna: await buildUser(t, {
      class: class3A,
      firstName: 'Anna',
      lastName: 'Larsson',
    }),
    elsa: await buildUser(t, {
      role: 'role_student',
      class: class3A,
      firstName: 'Elsa',
      lastName: 'Nilsson',
    }),
    olle: await buildUser(t, { role: 'role_student', class: class5A }),
    leo: await buildUser(t, { role: 'role_student', school: lindangSchool }),
    ali: await buildUser(t, { role: 'role_student', school: lindangSchool }),
  };
  for (const [name, user] of Object.entries(people)) userId[name] = user.id;
  pupils = { olle: people.olle, ali: people.ali };
  admin = await clientFor(t, people.eva);
  anna = await clientFor(t, people.anna);
  elsa = await clientFor(t, people.elsa);
  leo = await clientFor(t, people.leo);
  const ekbacken = await nodeIdByName(t, 'Ekbackens skola');
  const lindang = await nodeIdByName(t, 'Lindängsskolan');
  const readers = [roleCategory.teacher, roleCategory.student];
  open = await createPost(admin, { title: 'Öppen', nodeIds: [ekbacken], categoryIds: readers });
  closed = await createPost(admin, {
    title: 'Stängd',
    nodeIds: [ekbacken],
    categoryIds: readers,
    allowComments: false,
  });
  hidden = await createPost(admin, { title: 'Lindäng', nodeIds: [lindang], categoryIds: readers });
  draft = await createPost(anna, {
    title: 'Utkast',
    status: 'draft',
    nodeIds: [await nodeIdByName(t, '3A')],
    categoryIds: [roleCategory.student],
  });
});
afterAll(() => t.close());

async function commentCount(postId: number) {
  return (await t.db.select().from(comments).where(eq(comments.postId, postId))).length;
}

async function setRight(username: string, key: string, value: boolean | null) {
  const id = userId[username]!;
  await t.db
    .delete(userCapabilities)
    .where(and(eq(userCapabilities.userId, id), eq(userCapabilities.capabilityKey, key)));
  if (value !== null)
    await t.db.insert(userCapabilities).values({ userId: id, capabilityKey: key, value });
}

async function comment(client: Client, postId: number, text: string) {
  const response = await client('POST', url, { postId, text });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as CommentResponse;
}

describe('GET /api/core/v1/comment', () => {
  it('climbs 401 → 400 → 404 (missing or unseen alike) → 403 when comments are off → 200', async () => {
    expect((await t.app.inject({ url: `${url}?postId=${open.id}` })).statusCode).toBe(401);

    const bad = await elsa('GET', `${url}?postId=abc`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'postId', message: 'Fel typ av värde' }]);
    expect((await elsa('GET', url)).json().errors).toEqual([
      { field: 'postId', message: 'Fältet måste vara ifyllt' },
    ]);

    const missing = await elsa('GET', `${url}?postId=999999`);
    const unseen = await elsa('GET', `${url}?postId=${hidden.id}`);
    expect([missing.statusCode, unseen.statusCode]).toEqual([404, 404]);
    expect(unseen.json()).toEqual(missing.json());
    expect(unseen.json()).toEqual(notFound);

    const off = await elsa('GET', `${url}?postId=${closed.id}`);
    expect(off.statusCode).toBe(403);
    expect(off.json()).toEqual({
      code: 'COMMENTS_CLOSED',
      message: 'Kommentarer är avstängda för det här inlägget.',
    });

    const fine = await elsa('GET', `${url}?postId=${open.id}`);
    expect(fine.statusCode).toBe(200);
    expect(fine.headers['x-pagination-total']).toBe('0');
  });

  it('lists oldest first with author, date, likes and what the viewer may delete; pages', async () => {
    const post = await createPost(admin, {
      title: 'Lista',
      nodeIds: [1],
      categoryIds: [roleCategory.teacher, roleCategory.student],
    });
    const first = await comment(elsa, post.id, 'Första');
    const second = await comment(anna, post.id, 'Andra');
    const third = await comment(elsa, post.id, 'Tredje');

    const asElsa = (await elsa('GET', `${url}?postId=${post.id}`)).json() as CommentResponse[];
    expect(asElsa.map((item) => item.text)).toEqual(['Första', 'Andra', 'Tredje']);
    expect(asElsa[0]).toEqual({
      id: first.id,
      postId: post.id,
      text: 'Första',
      created: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      author: { id: userId.elsa, name: 'Elsa Nilsson' },
      likes: { count: 0, liked: false, likeId: null },
      can: { delete: true },
    });
    expect(asElsa.map((item) => item.can.delete)).toEqual([true, false, true]);

    // Moderators (delete_all_comments) may delete every comment.
    const asAdmin = (await admin('GET', `${url}?postId=${post.id}`)).json() as CommentResponse[];
    expect(asAdmin.map((item) => item.can.delete)).toEqual([true, true, true]);

    const page = await anna('GET', `${url}?postId=${post.id}&perPage=2&page=2`);
    expect(page.headers['x-pagination-total']).toBe('3');
    expect((page.json() as CommentResponse[]).map((item) => item.id)).toEqual([third.id]);
    expect(second.author.name).toBe('Anna Larsson');
  });
});

describe('POST /api/core/v1/comment', () => {
  it('climbs 401 → 400 → 403 without the right → 404 unseen → 403 closed or unpublished → 201', async () => {
    const payload = { postId: open.id, text: 'Hej!' };
    expect((await t.app.inject({ method: 'POST', url, payload })).statusCode).toBe(401);
    expect((await elsa('POST', url, { postId: open.id })).statusCode).toBe(400);

    await setRight('elsa', 'create_comment', false);
    const refused = await elsa('POST', url, payload);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    await setRight('elsa', 'create_comment', null);

    const unseen = await elsa('POST', url, { postId: hidden.id, text: 'Hej' });
    expect(unseen.statusCode).toBe(404);
    expect(unseen.json()).toEqual(
      (await elsa('POST', url, { postId: 999_999, text: 'Hej' })).json(),
    );
    expect((await elsa('POST', url, { postId: closed.id, text: 'Hej' })).json().code).toBe(
      'COMMENTS_CLOSED',
    );
    // Anna sees her own draft, but nobody comments on it before it is published.
    const onDraft = await anna('POST', url, { postId: draft.id, text: 'Hej' });
    expect(onDraft.statusCode).toBe(403);
    expect(onDraft.json()).toEqual({
      code: 'NOT_PUBLISHED',
      message: 'Det går bara att kommentera och gilla publicerade inlägg.',
    });
    expect(await commentCount(hidden.id)).toBe(0);
    expect(await commentCount(closed.id)).toBe(0);
    expect(await commentCount(draft.id)).toBe(0);

    const created = await elsa('POST', url, payload);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      postId: open.id,
      text: 'Hej!',
      author: { id: userId.elsa, name: 'Elsa Nilsson' },
      likes: { count: 0, liked: false, likeId: null },
      can: { delete: true },
    });
  });

  it('keeps the text as plain text: trimmed, line breaks kept, markup stored as written', async () => {
    const created = await comment(
      anna,
      open.id,
      '  <b>Fet?</b> <script>alert(1)</script>\r\nRad två  ',
    );
    expect(created.text).toBe('<b>Fet?</b> <script>alert(1)</script>\nRad två');
    const [row] = await t.db.select().from(comments).where(eq(comments.id, created.id));
    expect(row!.text).toBe(created.text);
    // Exactly the limit is fine; emoji and Swedish letters count as the characters they are.
    expect((await comment(anna, open.id, 'å'.repeat(2000))).text).toHaveLength(2000);
  });

  it.each([
    ['empty', { text: '' }, 'text', 'Fältet måste vara ifyllt'],
    ['only spaces', { text: '   \n\t ' }, 'text', 'Fältet måste vara ifyllt'],
    ['missing', { text: undefined }, 'text', 'Fältet måste vara ifyllt'],
    [
      'one over the limit',
      { text: 'x'.repeat(2001) },
      'text',
      'Fältet får innehålla max 2000 tecken',
    ],
    [
      '10 000 characters',
      { text: 'ö'.repeat(10_000) },
      'text',
      'Fältet får innehålla max 2000 tecken',
    ],
    ['a bell', { text: 'Hej\u0007' }, 'text', 'Fältet innehåller otillåtna tecken'],
    ['an escape sequence', { text: '\u001b[31mröd' }, 'text', 'Fältet innehåller otillåtna tecken'],
    ['a C1 control', { text: 'Hej\u0085då' }, 'text', 'Fältet innehåller otillåtna tecken'],
    [
      'a right-to-left override',
      { text: 'fil\u202egnp.exe' },
      'text',
      'Fältet innehåller otillåtna tecken',
    ],
    ['a NUL', { text: 'Hej\u0000' }, 'text', 'Fältet innehåller otillåtna tecken'],
    ['not a string', { text: 42 }, 'text', 'Fel typ av värde'],
    ['a post id as text', { postId: 'abc' }, 'postId', 'Fel typ av värde'],
    ['a post id as a numeric string', { postId: '1' }, 'postId', 'Fel typ av värde'],
    ['a negative post id', { postId: -1 }, 'postId', 'Värdet måste vara minst 0'],
    ['a fractional post id', { postId: 1.5 }, 'postId', 'Fältet måste vara ett heltal'],
    ['an unknown field', { html: '<b>x</b>' }, 'html', 'Okänt fält: html'],
  ])('%s → 400 with a Swedish message, nothing written', async (_name, change, field, message) => {
    const before = await commentCount(open.id);
    const response = await elsa('POST', url, { postId: open.id, text: 'Hej', ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Uppgifterna är inte giltiga. Rätta de markerade fälten.');
    expect(response.json().errors).toContainEqual({ field, message });
    expect(await commentCount(open.id)).toBe(before);
  });

  it('limits each writer to ten comments a minute, with a Swedish 429', async () => {
    const olle = await clientFor(t, pupils.olle);
    for (let n = 1; n <= 10; n += 1) await comment(olle, open.id, `Kommentar ${n}`);
    const before = await commentCount(open.id);
    const limited = await olle('POST', url, { postId: open.id, text: 'En till' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      code: 'RATE_LIMITED',
      message:
        'Du har skrivit många kommentarer på kort tid. Vänta en minut och försök sedan igen.',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await commentCount(open.id)).toBe(before);
    // Others still write, and the limited writer still reads.
    await comment(leo, (await openFor('Lindängsskolan')).id, 'Jag kan fortfarande');
    expect((await olle('GET', `${url}?postId=${open.id}`)).statusCode).toBe(200);
  });

  it('refused attempts do not use up the allowance', async () => {
    const ali = await clientFor(t, pupils.ali);
    const post = await openFor('Lindängsskolan');
    for (let n = 0; n < 12; n += 1) {
      expect((await ali('POST', url, { postId: post.id, text: '' })).statusCode).toBe(400);
      expect((await ali('POST', url, { postId: open.id, text: 'Ser inte' })).statusCode).toBe(404);
    }
    await comment(ali, post.id, 'Nu skriver jag');
  });
});

async function openFor(school: string) {
  return createPost(admin, {
    title: `Öppen för ${school}`,
    nodeIds: [await nodeIdByName(t, school)],
    categoryIds: [roleCategory.teacher, roleCategory.student],
  });
}

describe('DELETE /api/core/v1/comment/{id}', () => {
  it('lets writers delete their own, refuses others’ (403), hides unseen posts (404)', async () => {
    const mine = await comment(elsa, open.id, 'Elsas');
    const annas = await comment(anna, open.id, 'Annas');
    expect((await t.app.inject({ method: 'DELETE', url: `${url}/${mine.id}` })).statusCode).toBe(
      401,
    );
    expect((await elsa('DELETE', `${url}/abc`)).json().errors).toEqual([
      { field: 'id', message: 'Fel typ av värde' },
    ]);
    expect((await elsa('DELETE', `${url}/999999`)).json()).toEqual(notFound);

    const others = await elsa('DELETE', `${url}/${annas.id}`);
    expect(others.statusCode).toBe(403);
    // Leo cannot see the post at all: the comment is not there for him.
    expect((await leo('DELETE', `${url}/${mine.id}`)).json()).toEqual(notFound);

    const count = await commentCount(open.id);
    const removed = await elsa('DELETE', `${url}/${mine.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ id: mine.id, postId: open.id, commentCount: count - 1 });
    expect((await elsa('DELETE', `${url}/${mine.id}`)).statusCode).toBe(404);
    expect(await commentCount(open.id)).toBe(count - 1);
  });

  it('needs delete_comment even for one’s own comment', async () => {
    const mine = await comment(elsa, open.id, 'Kvar');
    await setRight('elsa', 'delete_comment', false);
    expect((await elsa('DELETE', `${url}/${mine.id}`)).statusCode).toBe(403);
    await setRight('elsa', 'delete_comment', null);
    expect((await elsa('DELETE', `${url}/${mine.id}`)).statusCode).toBe(200);
  });

  it('lets a holder of delete_all_comments delete anyone’s, and audits it', async () => {
    const annas = await comment(anna, open.id, 'Olämpligt');
    const removed = await admin('DELETE', `${url}/${annas.id}`);
    expect(removed.statusCode).toBe(200);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'comment.deleted'), eq(auditLog.entityId, String(annas.id))));
    expect(entry).toMatchObject({
      actorUserId: userId.eva,
      before: { postId: open.id, userId: userId.anna, text: 'Olämpligt' },
    });
  });

  it('lets writers take back a comment after comments were switched off', async () => {
    const post = await openFor('Ekbackens skola');
    const mine = await comment(elsa, post.id, 'Innan stängning');
    const edited = await admin('PUT', `${postUrl}/${post.id}`, {
      type: 'news',
      title: post.title,
      excerpt: post.excerpt,
      nodeIds: post.nodeIds,
      categoryIds: post.categoryIds,
      allowComments: false,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await elsa('GET', `${url}?postId=${post.id}`)).statusCode).toBe(403);
    expect((await elsa('DELETE', `${url}/${mine.id}`)).statusCode).toBe(200);
  });
});

describe('a post deleted for good', () => {
  it('takes its comments and their likes with it', async () => {
    const post = await openFor('Ekbackens skola');
    const mine = await comment(elsa, post.id, 'Försvinner');
    expect((await anna('POST', '/api/core/v1/like', { commentId: mine.id })).statusCode).toBe(200);
    expect((await admin('DELETE', `${postUrl}/${post.id}`)).json().status).toBe('trash');
    expect((await elsa('GET', `${url}?postId=${post.id}`)).statusCode).toBe(404);
    expect((await admin('DELETE', `${postUrl}/${post.id}`)).json().status).toBe('deleted');
    expect(await commentCount(post.id)).toBe(0);
  });
});

import { slugify } from '@skolportalen/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import {
  clientFor,
  createPost,
  feedTitles,
  nodeIdByName,
  postUrl,
  roleCategory,
  type Client,
} from '../../../test/posts-helpers';
import { findUserIdByUsername } from '../../db/seed/demo-municipality';

let t: TestContext;
let admin: Client;
const ids: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  admin = await clientFor(t, 'eva.andersson');
  for (const name of ['3A', 'Ekbackens skola', 'Lindängsskolan', 'Norrby gymnasium']) {
    ids[name] = await nodeIdByName(t, name);
  }
  const olle = (await findUserIdByUsername(t.db, 'olle.larsson'))!;
  const { teacher, student, caretaker, employee } = roleCategory;
  const aimed: [string, number[], number[], number[]?][] = [
    ['A 3A elever', [ids['3A']!], [student]],
    ['B Ekbacken elever', [ids['Ekbackens skola']!], [student]],
    ['C Ekbacken lärare', [ids['Ekbackens skola']!], [teacher]],
    ['D kommunens vårdnadshavare', [1], [caretaker]],
    ['E Lindäng elever', [ids['Lindängsskolan']!], [student]],
    ['F Norrby lärare och Olle', [ids['Norrby gymnasium']!], [teacher], [olle]],
    ['G alla', [1], [teacher, student, caretaker, employee]],
    ['I 3A vårdnadshavare', [ids['3A']!], [caretaker]],
  ];
  for (const [title, nodeIds, categoryIds, userIds] of aimed) {
    await createPost(admin, { title, nodeIds, categoryIds, userIds: userIds ?? [] });
  }
  const anna = await clientFor(t, 'anna.larsson');
  await createPost(anna, {
    title: 'H utkast för 3A',
    status: 'draft',
    nodeIds: [ids['3A']!],
    categoryIds: [student],
  });
});
afterAll(() => t.close());

const expected: Record<string, string[]> = {
  'elsa.nilsson': ['A 3A elever', 'B Ekbacken elever', 'G alla'],
  'olle.larsson': ['B Ekbacken elever', 'F Norrby lärare och Olle', 'G alla'],
  'leo.nilsson': ['E Lindäng elever', 'G alla'],
  'ali.hassan': ['E Lindäng elever', 'G alla'],
  'maja.holm': ['G alla'],
  'anna.larsson': ['C Ekbacken lärare', 'G alla'],
  'johan.berg': ['G alla'],
  'fatima.ali': ['F Norrby lärare och Olle', 'G alla'],
  // Guardians are reached through their children's groups.
  'karin.nilsson': ['D kommunens vårdnadshavare', 'G alla', 'I 3A vårdnadshavare'],
  'mikael.holm': ['D kommunens vårdnadshavare', 'G alla'],
  'anna.larsson.vh': ['D kommunens vårdnadshavare', 'G alla'],
  'sara.ekstrom': ['G alla'],
  'lars.berglund': ['G alla'],
  // An administrator's own feed is an audience like anyone's; GetPostsAll shows the rest.
  'sven.svensson': ['G alla'],
  // The author sees what she wrote.
  'eva.andersson': [
    'A 3A elever',
    'B Ekbacken elever',
    'C Ekbacken lärare',
    'D kommunens vårdnadshavare',
    'E Lindäng elever',
    'F Norrby lärare och Olle',
    'G alla',
    'I 3A vårdnadshavare',
  ],
};

describe('who sees a published post', () => {
  it.each(Object.entries(expected))(
    '%s sees exactly what targets them',
    async (username, titles) => {
      const client = await clientFor(t, username);
      expect((await feedTitles(client)).sort()).toEqual(titles);
      // The feed table's short way and the general query (any extra filter) agree, in order too.
      const general = { dateFrom: '2000-01-01' };
      for (const sort of ['order ASC', 'publishedDate DESC, id DESC']) {
        expect(await feedTitles(client, { sort, ...general })).toEqual(
          await feedTitles(client, { sort }),
        );
      }
      expect(await feedTitles(client, { type: ['news'], ...general })).toEqual(
        await feedTitles(client, { type: ['news'] }),
      );
      // A single post answers the same as the feed; post_list_all opens every one.
      const listAll = username === 'sven.svensson';
      for (const title of ['A 3A elever', 'E Lindäng elever', 'C Ekbacken lärare']) {
        const found = await client('GET', `${postUrl}/${slugify(title)}`);
        const visible = listAll || titles.includes(title);
        expect(found.statusCode, `${username} ${title}`).toBe(visible ? 200 : 404);
      }
    },
  );

  it('pages the same way on both paths, with the total in the header', async () => {
    const elsa = await clientFor(t, 'elsa.nilsson');
    const walk = async (extra: Record<string, unknown>) => {
      const titles: string[] = [];
      for (let page = 1; page <= 4; page += 1) {
        const response = await elsa('POST', '/api/core/v1/GetPosts', {
          perPage: 1,
          page,
          ...extra,
        });
        expect(response.headers['x-pagination-total']).toBe('3');
        titles.push(...response.json().map((post: { title: string }) => post.title));
      }
      return titles;
    };
    const fast = await walk({});
    expect(fast).toHaveLength(3);
    expect(await walk({ dateFrom: '2000-01-01' })).toEqual(fast);
  });

  it('shows a draft only to its author (and to post_list_all)', async () => {
    const anna = await clientFor(t, 'anna.larsson');
    expect(await feedTitles(anna, { status: ['draft'] })).toEqual(['H utkast för 3A']);
    const elsa = await clientFor(t, 'elsa.nilsson');
    expect(await feedTitles(elsa, { status: ['draft'] })).toEqual([]);
    const all = await admin('POST', '/api/core/v1/GetPostsAll', { status: ['draft'] });
    expect(all.json().map((post: { title: string }) => post.title)).toContain('H utkast för 3A');
    expect((await elsa('POST', '/api/core/v1/GetPostsAll', {})).statusCode).toBe(403);
  });

  it('narrows with filters without ever widening the audience', async () => {
    const elsa = await clientFor(t, 'elsa.nilsson');
    expect(await feedTitles(elsa, { nodeIds: [ids['Lindängsskolan']!] })).toEqual([]);
    expect(await feedTitles(elsa, { nodeIds: [ids['3A']!] })).toEqual(['A 3A elever']);
    expect(await feedTitles(elsa, { categoryIds: [roleCategory.teacher] })).toEqual(['G alla']);
  });

  it('lets a reader mark a post read once, and shows editors how many have read it', async () => {
    const elsa = await clientFor(t, 'elsa.nilsson');
    const [post] = (
      await elsa('POST', '/api/core/v1/GetPosts', {
        search: 'elever',
        perPage: 1,
        sort: 'title ASC',
      })
    ).json();
    expect(post).toMatchObject({
      title: 'A 3A elever',
      isRead: false,
      readCount: null,
      targetCount: null,
    });
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/core/v1/post-read/${post.id}` })).statusCode,
    ).toBe(401);
    const first = await elsa('POST', `/api/core/v1/post-read/${post.id}`);
    expect(first.statusCode).toBe(200);
    const second = await elsa('POST', `/api/core/v1/post-read/${post.id}`);
    expect(second.json().readAt).toBe(first.json().readAt);
    expect((await elsa('GET', `${postUrl}/${post.id}`)).json().isRead).toBe(true);
    expect(await feedTitles(elsa, { unread: true })).not.toContain('A 3A elever');
    // Someone the post does not reach cannot mark it.
    const leo = await clientFor(t, 'leo.nilsson');
    expect((await leo('POST', `/api/core/v1/post-read/${post.id}`)).statusCode).toBe(404);
    // Pupils of 3A in the demo: Elsa.
    expect((await admin('GET', `${postUrl}/${post.id}`)).json()).toMatchObject({
      readCount: 1,
      targetCount: 1,
    });
  });
});

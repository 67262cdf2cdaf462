import { ids as baseIds, slugify } from '@skolportalen/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClass, buildSchool, buildUser, type TestUser } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import {
  clientFor,
  createPost,
  feedTitles,
  postUrl,
  roleCategory,
  type Client,
} from '../../../test/posts-helpers';

/** Everyone whose feed is compared, by their place in the municipality. */
type Reader =
  | 'pupil of 3A'
  | 'pupil of 5A, named on a post'
  | 'pupil of 8B at Lindäng'
  | 'pupil of 9C at Lindäng'
  | 'pupil at Norrby'
  | 'teacher of 3A'
  | 'teacher at Lindäng'
  | 'teacher at Norrby'
  | 'guardian of pupils in 3A and 8B'
  | 'guardian of a pupil at Norrby'
  | 'the 3A teacher as guardian of a pupil in 5A'
  | 'communicator of the administration'
  | 'principal of Lindäng'
  | 'super administrator'
  | 'administrator who wrote the posts';

let t: TestContext;
let admin: Client;
let people: Record<Reader, TestUser>;
const ids: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  const ekbacken = await buildSchool(t, { name: 'Ekbackens skola' });
  const lindang = await buildSchool(t, { name: 'Lindängsskolan' });
  const norrby = await buildSchool(t, { name: 'Norrby gymnasium' });
  const class3A = await buildClass(t, { school: ekbacken, name: '3A' });
  const class5A = await buildClass(t, { school: ekbacken, name: '5A' });
  const class8B = await buildClass(t, { school: lindang, name: '8B' });
  const class9C = await buildClass(t, { school: lindang, name: '9C' });
  const classNA = await buildClass(t, { school: norrby, name: 'NA22a' });
  for (const node of [class3A, ekbacken, lindang, norrby]) ids[node.name] = node.id;

  const pupilOf3A = await buildUser(t, { role: 'role_student', class: class3A });
  const pupilOf5A = await buildUser(t, { role: 'role_student', class: class5A });
  const pupilOf8B = await buildUser(t, { role: 'role_student', class: class8B });
  const pupilAtNorrby = await buildUser(t, { role: 'role_student', class: classNA });
  const teacherOf3A = await buildUser(t, { role: 'role_teacher', class: class3A });
  people = {
    'pupil of 3A': pupilOf3A,
    'pupil of 5A, named on a post': pupilOf5A,
    'pupil of 8B at Lindäng': pupilOf8B,
    'pupil of 9C at Lindäng': await buildUser(t, { role: 'role_student', class: class9C }),
    'pupil at Norrby': pupilAtNorrby,
    'teacher of 3A': teacherOf3A,
    'teacher at Lindäng': await buildUser(t, { role: 'role_teacher', class: class8B }),
    'teacher at Norrby': await buildUser(t, { role: 'role_teacher', class: classNA }),
    'guardian of pupils in 3A and 8B': await buildUser(t, {
      role: 'role_caretaker',
      guardianOf: [pupilOf3A, pupilOf8B],
    }),
    'guardian of a pupil at Norrby': await buildUser(t, {
      role: 'role_caretaker',
      guardianOf: [pupilAtNorrby],
    }),
    'the 3A teacher as guardian of a pupil in 5A': await buildUser(t, {
      role: 'role_caretaker',
      guardianOf: [pupilOf5A],
      samePersonAs: teacherOf3A,
    }),
    'communicator of the administration': await buildUser(t, {
      role: 'role_employee',
      capabilities: { publish_all_groups: true },
    }),
    'principal of Lindäng': await buildUser(t, {
      role: 'role_school_responsible',
      school: lindang,
      capabilities: { publish_all_groups: true },
    }),
    'super administrator': await buildUser(t, { role: 'role_superadmin' }),
    'administrator who wrote the posts': await buildUser(t, { role: 'role_admin' }),
  };
  admin = await clientFor(t, people['administrator who wrote the posts']);
  const municipality = baseIds.municipalityNodeId;
  const { teacher, student, caretaker, employee } = roleCategory;
  const aimed: [string, number[], number[], number[]?][] = [
    ['A 3A elever', [ids['3A']!], [student]],
    ['B Ekbacken elever', [ids['Ekbackens skola']!], [student]],
    ['C Ekbacken lärare', [ids['Ekbackens skola']!], [teacher]],
    ['D kommunens vårdnadshavare', [municipality], [caretaker]],
    ['E Lindäng elever', [ids['Lindängsskolan']!], [student]],
    ['F Norrby lärare och en 5A-elev', [ids['Norrby gymnasium']!], [teacher], [pupilOf5A.id]],
    ['G alla', [municipality], [teacher, student, caretaker, employee]],
    ['I 3A vårdnadshavare', [ids['3A']!], [caretaker]],
  ];
  for (const [title, nodeIds, categoryIds, userIds] of aimed) {
    await createPost(admin, { title, nodeIds, categoryIds, userIds: userIds ?? [] });
  }
  const draftAuthor = await clientFor(t, teacherOf3A);
  await createPost(draftAuthor, {
    title: 'H utkast för 3A',
    status: 'draft',
    nodeIds: [ids['3A']!],
    categoryIds: [student],
  });
}, 240_000);
afterAll(() => t.close());

const expected: Record<Reader, string[]> = {
  'pupil of 3A': ['A 3A elever', 'B Ekbacken elever', 'G alla'],
  'pupil of 5A, named on a post': ['B Ekbacken elever', 'F Norrby lärare och en 5A-elev', 'G alla'],
  'pupil of 8B at Lindäng': ['E Lindäng elever', 'G alla'],
  'pupil of 9C at Lindäng': ['E Lindäng elever', 'G alla'],
  'pupil at Norrby': ['G alla'],
  'teacher of 3A': ['C Ekbacken lärare', 'G alla'],
  'teacher at Lindäng': ['G alla'],
  'teacher at Norrby': ['F Norrby lärare och en 5A-elev', 'G alla'],
  // Guardians are reached through their children's groups.
  'guardian of pupils in 3A and 8B': [
    'D kommunens vårdnadshavare',
    'G alla',
    'I 3A vårdnadshavare',
  ],
  'guardian of a pupil at Norrby': ['D kommunens vårdnadshavare', 'G alla'],
  'the 3A teacher as guardian of a pupil in 5A': ['D kommunens vårdnadshavare', 'G alla'],
  'communicator of the administration': ['G alla'],
  'principal of Lindäng': ['G alla'],
  // An administrator's own feed is an audience like anyone's; GetPostsAll shows the rest.
  'super administrator': ['G alla'],
  // The author sees what she wrote.
  'administrator who wrote the posts': [
    'A 3A elever',
    'B Ekbacken elever',
    'C Ekbacken lärare',
    'D kommunens vårdnadshavare',
    'E Lindäng elever',
    'F Norrby lärare och en 5A-elev',
    'G alla',
    'I 3A vårdnadshavare',
  ],
};

describe('who sees a published post', () => {
  it.each(Object.entries(expected) as [Reader, string[]][])(
    'the %s sees exactly what targets them',
    async (reader, titles) => {
      const client = await clientFor(t, people[reader]);
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
      const listAll = reader === 'super administrator';
      for (const title of ['A 3A elever', 'E Lindäng elever', 'C Ekbacken lärare']) {
        const found = await client('GET', `${postUrl}/${slugify(title)}`);
        const visible = listAll || titles.includes(title);
        expect(found.statusCode, `${reader} ${title}`).toBe(visible ? 200 : 404);
      }
    },
  );

  it('pages the same way on both paths, with the total in the header', async () => {
    const pupil = await clientFor(t, people['pupil of 3A']);
    const walk = async (extra: Record<string, unknown>) => {
      const titles: string[] = [];
      for (let page = 1; page <= 4; page += 1) {
        const response = await pupil('POST', '/api/core/v1/GetPosts', {
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
    const teacher = await clientFor(t, people['teacher of 3A']);
    expect(await feedTitles(teacher, { status: ['draft'] })).toEqual(['H utkast för 3A']);
    const pupil = await clientFor(t, people['pupil of 3A']);
    expect(await feedTitles(pupil, { status: ['draft'] })).toEqual([]);
    const all = await admin('POST', '/api/core/v1/GetPostsAll', { status: ['draft'] });
    expect(all.json().map((post: { title: string }) => post.title)).toContain('H utkast för 3A');
    expect((await pupil('POST', '/api/core/v1/GetPostsAll', {})).statusCode).toBe(403);
  });

  it('narrows with filters without ever widening the audience', async () => {
    const pupil = await clientFor(t, people['pupil of 3A']);
    expect(await feedTitles(pupil, { nodeIds: [ids['Lindängsskolan']!] })).toEqual([]);
    expect(await feedTitles(pupil, { nodeIds: [ids['3A']!] })).toEqual(['A 3A elever']);
    expect(await feedTitles(pupil, { categoryIds: [roleCategory.teacher] })).toEqual(['G alla']);
  });

  it('lets a reader mark a post read once, and shows editors how many have read it', async () => {
    const pupil = await clientFor(t, people['pupil of 3A']);
    const [post] = (
      await pupil('POST', '/api/core/v1/GetPosts', {
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
    const first = await pupil('POST', `/api/core/v1/post-read/${post.id}`);
    expect(first.statusCode).toBe(200);
    const second = await pupil('POST', `/api/core/v1/post-read/${post.id}`);
    expect(second.json().readAt).toBe(first.json().readAt);
    expect((await pupil('GET', `${postUrl}/${post.id}`)).json().isRead).toBe(true);
    expect(await feedTitles(pupil, { unread: true })).not.toContain('A 3A elever');
    // Someone the post does not reach cannot mark it.
    const pupilElsewhere = await clientFor(t, people['pupil of 8B at Lindäng']);
    expect((await pupilElsewhere('POST', `/api/core/v1/post-read/${post.id}`)).statusCode).toBe(
      404,
    );
    // The pupils of 3A: the one built.
    expect((await admin('GET', `${postUrl}/${post.id}`)).json()).toMatchObject({
      readCount: 1,
      targetCount: 1,
    });
  });
});

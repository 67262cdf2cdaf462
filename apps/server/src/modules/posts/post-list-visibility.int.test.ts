import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSchool, buildUser } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { clientFor, createPost, roleCategory, type Client } from '../../../test/posts-helpers';

/**
 * Issue 20, F3: every list of posts applies the rule GET /post/{id} applies.
 * A principal of another school (holding user_list) must not read a
 * teacher's drafts or scheduled posts through /user/{id}/posts.
 */
let t: TestContext;
let teacher: Client;
let otherPrincipal: Client;
let admin: Client;
let teacherId: number;
const created: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  const author = await buildUser(t, { role: 'role_teacher' });
  teacher = await clientFor(t, author);
  teacherId = author.id;
  const school = author.school!.id;
  // A principal of another school, who may list users and aim at every group.
  otherPrincipal = await clientFor(
    t,
    await buildUser(t, {
      role: 'role_school_responsible',
      capabilities: { publish_all_groups: true },
      school: await buildSchool(t),
    }),
  );
  admin = await clientFor(t, await buildUser(t, { role: 'role_admin' }));
  const everyone = [roleCategory.teacher, roleCategory.employee];
  const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();
  for (const [title, extra] of [
    ['Hemligt utkast om utvecklingssamtal', { status: 'draft' as const }],
    ['Schemalagd nyhet om lovet', { status: 'publish' as const, publishedDate: inAWeek }],
    ['Publicerad för Ekbackens personal', { status: 'publish' as const }],
  ] as const) {
    const post = await createPost(teacher, {
      title,
      nodeIds: [school],
      categoryIds: everyone,
      ...extra,
    });
    created[title] = post.id;
  }
}, 240_000);
afterAll(() => t.close());

const titles = (body: string) => (JSON.parse(body) as { title: string }[]).map((p) => p.title);

describe('GET /user/{id}/posts shows only what GET /post/{id} shows', () => {
  it('another school’s principal sees neither drafts nor scheduled posts of a teacher', async () => {
    const url = `/api/core/v1/user/${teacherId}/posts?perPage=100&status=draft&status=future&status=publish`;
    const listed = await otherPrincipal('GET', url);
    expect(listed.statusCode).toBe(200);
    const listedTitles = titles(listed.body);
    expect(listedTitles).not.toContain('Hemligt utkast om utvecklingssamtal');
    expect(listedTitles).not.toContain('Schemalagd nyhet om lovet');
    expect(listed.body).not.toContain('utvecklingssamtal');
    // Each listed post is one the principal could open on its own.
    for (const id of Object.values(created)) {
      const single = await otherPrincipal('GET', `/api/core/v1/post/${id}`);
      const inList = listedTitles.some((title) => created[title] === id);
      expect(single.statusCode === 200, `post ${id}`).toBe(inList);
    }
    expect(Number(listed.headers['x-pagination-total'])).toBe(listedTitles.length);
  });

  it('the default list (no status filter) leaks nothing either', async () => {
    const listed = await otherPrincipal('GET', `/api/core/v1/user/${teacherId}/posts`);
    expect(listed.statusCode).toBe(200);
    expect(titles(listed.body)).toEqual([]);
    expect(listed.headers['x-pagination-total']).toBe('0');
  });

  it('an administrator with post_list_all still sees every status; the author sees her own', async () => {
    const url = `/api/core/v1/user/${teacherId}/posts?perPage=100`;
    for (const client of [admin, teacher]) {
      const listed = titles((await client('GET', url)).body);
      expect(listed).toEqual(expect.arrayContaining(Object.keys(created)));
    }
  });
});

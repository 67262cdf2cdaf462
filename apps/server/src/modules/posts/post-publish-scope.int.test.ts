import { sv } from '@skolportalen/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildClass,
  buildNode,
  buildSchool,
  buildTeachingGroup,
  buildUser,
} from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import {
  clientFor,
  createPost,
  postBody,
  postUrl,
  roleCategory,
  type Client,
} from '../../../test/posts-helpers';
import { posts } from '../../db/schema';

/**
 * Issue 20, F2 (decision 0028): publishing follows the person. A teacher aims
 * at their own groups and the school units they work at, and everything
 * beneath; beyond that needs publish_all_groups, and an e-mail beyond it
 * needs send_notification.
 */
const c = sv.content.validation;
let t: TestContext;
let teacher: Client;
let communicator: Client;
let admin: Client;
const node: Record<string, number> = {};
const municipality = 1;
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  // Two schools with classes and teaching groups, and the education office.
  const ekbacken = await buildSchool(t, { name: 'Ekbackens skola' });
  const class3A = await buildClass(t, { school: ekbacken, name: '3A' });
  const class5A = await buildClass(t, { school: ekbacken, name: '5A' });
  await buildClass(t, { school: ekbacken, name: '3B' });
  const groups3A = [
    await buildTeachingGroup(t, { class: class3A, name: 'Matematik 3A' }),
    await buildTeachingGroup(t, { class: class3A, name: 'Svenska 3A' }),
  ];
  const sports5A = await buildTeachingGroup(t, { class: class5A, name: 'Idrott och hälsa 5A' });
  const lindang = await buildSchool(t, { name: 'Lindängsskolan' });
  const class8B = await buildClass(t, { school: lindang, name: '8B' });
  await buildTeachingGroup(t, {
    class: await buildClass(t, { school: lindang, name: '9C' }),
    name: 'Biologi 9C',
  });
  const office = await buildNode(t, {
    name: 'Utbildningsförvaltningen',
    type: 'Förvaltning',
    parent: municipality,
  });
  for (const group of [
    ekbacken,
    class3A,
    class5A,
    groups3A[0]!,
    sports5A,
    lindang,
    class8B,
    office,
  ]) {
    node[group.name] = group.id;
  }

  // A teacher of 3A, the office's communicator (publish_all_groups) and an administrator.
  teacher = await clientFor(t, await buildUser(t, { class: class3A, groups: groups3A }));
  communicator = await clientFor(
    t,
    await buildUser(t, {
      role: 'role_employee',
      groups: [office],
      capabilities: { publish_all_groups: true },
    }),
  );
  admin = await clientFor(t, await buildUser(t, { role: 'role_admin', groups: [office] }));
}, 240_000);
afterAll(() => t.close());

async function storedCount(title: string) {
  return (await t.db.select({ id: posts.id }).from(posts).where(eq(posts.title, title))).length;
}

const pupils = [roleCategory.student, roleCategory.caretaker];

describe('a teacher publishes within their own schools', () => {
  it.each([
    ['the whole municipality', () => [municipality], {}],
    ['another school', () => [node['Lindängsskolan']!], {}],
    ['a class of another school', () => [node['8B']!], {}],
    ['their school and another', () => [node['Ekbackens skola']!, node['Lindängsskolan']!], {}],
    ['the municipality, with e-mail', () => [municipality], { sendNotification: true }],
    ['the municipality, scheduled', () => [municipality], { publishedDate: inAWeek() }],
    ['the municipality, as a draft', () => [municipality], { status: 'draft' as const }],
  ])('refuses %s with 403, a Swedish message and nothing stored', async (label, nodeIds, extra) => {
    const title = `Utanför ${label}`;
    const response = await teacher(
      'POST',
      postUrl,
      postBody({ title, nodeIds: nodeIds(), categoryIds: pupils, ...extra }),
    );
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json().message).toBe(c.targetNotAllowed);
    expect(await storedCount(title)).toBe(0);
  });

  it('allows their school, their groups and everything beneath, with e-mail', async () => {
    for (const [title, nodeIds] of [
      ['Hela skolan', [node['Ekbackens skola']!]],
      ['Min klass', [node['3A']!]],
      ['En grupp i min klass', [node['Matematik 3A']!]],
      ['En annan klass på skolan', [node['5A']!, node['Idrott och hälsa 5A']!]],
    ] as const) {
      const post = await createPost(teacher, {
        title,
        nodeIds: [...nodeIds],
        categoryIds: pupils,
        sendNotification: true,
      });
      expect(post.nodeIds).toEqual([...nodeIds].sort((a, b) => a - b));
    }
  });

  it('cannot widen an own post afterwards: PUT, scheduling and POST /post/{id}/node', async () => {
    const own = await createPost(teacher, {
      title: 'Klassnytt 3A',
      nodeIds: [node['3A']!],
      categoryIds: pupils,
      status: 'draft',
    });
    const widen = (extra: object) =>
      teacher(
        'PUT',
        `${postUrl}/${own.id}`,
        postBody({ title: 'Klassnytt 3A', categoryIds: pupils, ...extra }),
      );
    for (const extra of [
      { nodeIds: [node['3A']!, municipality], status: 'draft' },
      { nodeIds: [node['Lindängsskolan']!], status: 'publish' },
      { nodeIds: [municipality], status: 'publish', publishedDate: inAWeek() },
    ]) {
      const response = await widen(extra);
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().message).toBe(c.targetNotAllowed);
    }
    const added = await teacher('POST', `${postUrl}/${own.id}/node`, {
      nodeIds: [node['Lindängsskolan']!],
    });
    expect(added.statusCode, added.body).toBe(403);
    expect(added.json().message).toBe(c.targetNotAllowed);
    const after = await teacher('GET', `${postUrl}/${own.id}`);
    expect(after.json()).toMatchObject({ status: 'draft', nodeIds: [node['3A']] });

    const published = await widen({ nodeIds: [node['3A']!, node['5A']!], status: 'publish' });
    expect(published.statusCode, published.body).toBe(200);
  });

  it('keeps a post that an administrator aimed wider editable by its author', async () => {
    // Like the demo's "Öppet hus på Norrby gymnasium", which reaches Lindängsskolan too.
    const post = await createPost(teacher, {
      title: 'Öppet hus',
      nodeIds: [node['Ekbackens skola']!],
      categoryIds: pupils,
    });
    const widened = await admin('POST', `${postUrl}/${post.id}/node`, {
      nodeIds: [node['Lindängsskolan']!],
    });
    expect(widened.statusCode, widened.body).toBe(200);
    const changed = await teacher('PUT', `${postUrl}/${post.id}`, {
      ...postBody({
        title: 'Öppet hus',
        nodeIds: [node['Ekbackens skola']!, node['Lindängsskolan']!],
        categoryIds: pupils,
      }),
      excerpt: 'Nytt datum för öppet hus.',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().nodeIds).toContain(node['Lindängsskolan']);
  });
});

describe('beyond one’s own schools', () => {
  it('publish_all_groups reaches the municipality; its e-mail still needs send_notification', async () => {
    await createPost(communicator, {
      title: 'Kommunövergripande nyhet',
      nodeIds: [municipality],
      categoryIds: pupils,
    });
    const mailed = await communicator(
      'POST',
      postUrl,
      postBody({
        title: 'Utskick till hela kommunen',
        nodeIds: [municipality],
        categoryIds: pupils,
        sendNotification: true,
      }),
    );
    expect(mailed.statusCode, mailed.body).toBe(403);
    expect(mailed.json().message).toBe(c.notificationNotAllowed);
    expect(await storedCount('Utskick till hela kommunen')).toBe(0);
    // Within her own office the e-mail goes.
    await createPost(communicator, {
      title: 'Utskick till förvaltningen',
      nodeIds: [node['Utbildningsförvaltningen']!],
      categoryIds: [roleCategory.employee],
      sendNotification: true,
    });
  });

  it('an administrator aims anywhere, with e-mail', async () => {
    await createPost(admin, {
      title: 'Administratörens utskick',
      nodeIds: [municipality, node['Lindängsskolan']!],
      categoryIds: pupils,
      sendNotification: true,
    });
  });
});

describe('GET /post-target-groups (the editor’s group picker)', () => {
  const names = async (client: Client) => {
    const response = await client('GET', '/api/core/v1/post-target-groups');
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { name: string }[]).map((group) => group.name).sort();
  };

  it('offers a teacher their school and what lies beneath it, nothing else', async () => {
    expect(await names(teacher)).toEqual(
      [
        '3A',
        '3B',
        '5A',
        'Ekbackens skola',
        'Idrott och hälsa 5A',
        'Matematik 3A',
        'Svenska 3A',
      ].sort(),
    );
  });

  it('offers every group to those who may aim anywhere', async () => {
    for (const client of [admin, communicator]) {
      const offered = await names(client);
      expect(offered).toContain('Exempelby kommun');
      expect(offered).toContain('Lindängsskolan');
      expect(offered).toContain('Biologi 9C');
    }
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ url: '/api/core/v1/post-target-groups' });
    expect(response.statusCode).toBe(401);
  });
});

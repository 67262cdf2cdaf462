import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildClass,
  buildSchool,
  buildTeachingGroup,
  buildUser,
  signIn,
} from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { auditLog, nodes } from '../../db/schema';

let t: TestContext;
let admin: string;
let teacher: string;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  admin = await signIn(t.app, await buildUser(t, { role: 'role_admin' }));
  teacher = await signIn(t.app, await buildUser(t, { role: 'role_teacher' }));
  await buildSchool(t, { name: 'Ekbackens skola' });
  // A school with a class, and a teaching group with a member.
  const lindang = await buildSchool(t, { name: 'Lindängsskolan' });
  const biology = await buildTeachingGroup(t, {
    class: await buildClass(t, { school: lindang, name: '9C' }),
    name: 'Biologi 9C',
  });
  await buildUser(t, { role: 'role_student', school: lindang, groups: [biology] });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/core/v1${url}`,
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });
const create = async (body: object) => (await call('POST', '/node', admin, body)).json();
async function nodeIdOf(name: string) {
  const [row] = await t.db.select({ id: nodes.id }).from(nodes).where(eq(nodes.name, name));
  return row!.id;
}

describe('POST /api/core/v1/node', () => {
  it('climbs 401 → 400 → 403 → 200; a new group hangs under the municipality in category 1', async () => {
    const body = { name: 'Lärarlaget F-3', type: 'Personalgrupp' };
    expect((await call('POST', '/node', undefined, body)).statusCode).toBe(401);
    const invalid = await call('POST', '/node', admin, { name: ' ', type: 'Planet' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual([
      { field: 'name', message: 'Fältet måste vara ifyllt' },
      { field: 'type', message: 'Ogiltigt värde' },
    ]);
    expect((await call('POST', '/node', teacher, body)).statusCode).toBe(403);
    const created = await call('POST', '/node', admin, body);
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      name: 'Lärarlaget F-3',
      type: 'Personalgrupp',
      parentId: 1,
      categoryId: 1,
      main: false,
      externalId: null,
    });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'node.create'))
      .orderBy(desc(auditLog.id));
    expect(entry?.after).toMatchObject({ name: 'Lärarlaget F-3' });
  });

  it('takes parent, main flag and external id; refuses a missing parent and a taken external id', async () => {
    const school = await nodeIdOf('Ekbackens skola');
    const klass = await create({
      name: '4C',
      type: 'Klass',
      parentId: school,
      main: true,
      externalId: 'ext-4c',
    });
    expect(klass).toMatchObject({ parentId: school, main: true, externalId: 'ext-4c' });
    const taken = await call('POST', '/node', admin, {
      name: '4D',
      type: 'Klass',
      externalId: 'ext-4c',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Det finns redan en grupp med externt id ext-4c.');
    const orphan = await call('POST', '/node', admin, {
      name: '4E',
      type: 'Klass',
      parentId: 999999,
    });
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json().errors).toEqual([
      { field: 'parentId', message: 'Den överordnade gruppen finns inte.' },
    ]);
    const found = await call('GET', '/node?externalId=ext-4c', admin);
    expect(found.json().map((node: { name: string }) => node.name)).toEqual(['4C']);
  });
});

describe('PUT /api/core/v1/node/{id}', () => {
  it('moves a group, and refuses cycles and moving the root', async () => {
    const top = await create({ name: 'Område Norr', type: 'Övrigt' });
    const middle = await create({ name: 'Rektorsområde 1', type: 'Övrigt', parentId: top.id });
    const bottom = await create({
      name: 'Arbetslag A',
      type: 'Personalgrupp',
      parentId: middle.id,
    });
    expect((await call('PUT', `/node/${top.id}`, teacher, { parentId: 1 })).statusCode).toBe(403);
    expect((await call('PUT', '/node/999999', admin, { name: 'X' })).statusCode).toBe(404);
    for (const parentId of [top.id, bottom.id]) {
      const cycle = await call('PUT', `/node/${top.id}`, admin, { parentId });
      expect(cycle.statusCode).toBe(409);
      expect(cycle.json().message).toBe(
        'En grupp kan inte flyttas in under sig själv eller någon av sina undergrupper.',
      );
    }
    expect((await call('PUT', `/node/1`, admin, { parentId: top.id })).statusCode).toBe(409);
    const moved = await call('PUT', `/node/${bottom.id}`, admin, {
      parentId: top.id,
      name: 'Arbetslag B',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ parentId: top.id, name: 'Arbetslag B' });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'node.move'))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ before: { parentId: middle.id }, after: { parentId: top.id } });
  });
});

describe('DELETE /api/core/v1/node/{id}', () => {
  it('refuses the root, groups with children, members or links; deletes an empty group', async () => {
    expect((await call('DELETE', '/node/1')).statusCode).toBe(401);
    expect((await call('DELETE', '/node/x', admin)).statusCode).toBe(400);
    expect((await call('DELETE', '/node/1', teacher)).statusCode).toBe(403);
    expect((await call('DELETE', '/node/999999', admin)).statusCode).toBe(404);
    expect((await call('DELETE', '/node/1', admin)).json().message).toBe(
      'Kommunens rotgrupp kan inte tas bort eller flyttas.',
    );
    const withChildren = await call('DELETE', `/node/${await nodeIdOf('Lindängsskolan')}`, admin);
    expect(withChildren.statusCode).toBe(409);
    expect(withChildren.json().message).toMatch(/^Gruppen har \d+ undergrupper/);
    const withMembers = await call('DELETE', `/node/${await nodeIdOf('Biologi 9C')}`, admin);
    expect(withMembers.statusCode).toBe(409);
    expect(withMembers.json().message).toMatch(/^Gruppen har \d+ medlemmar/);

    const lonely = await create({ name: 'Tillfällig', type: 'Övrigt' });
    await call('POST', `/category/4/node/${lonely.id}`, admin);
    const linked = await call('DELETE', `/node/${lonely.id}`, admin);
    expect(linked.statusCode).toBe(409);
    expect(linked.json().message).toBe(
      'Gruppen används av 1 kategorier, inlägg eller verktyg. Ta bort kopplingarna först.',
    );
    await call('DELETE', `/category/4/node/${lonely.id}`, admin);
    expect((await call('DELETE', `/node/${lonely.id}`, admin)).statusCode).toBe(200);
    expect(await t.db.select().from(nodes).where(eq(nodes.id, lonely.id))).toEqual([]);
  });
});

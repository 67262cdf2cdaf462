import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClass, buildSchool, buildUser, signIn } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { auditLog, categoryNodes, nodes } from '../../db/schema';

let t: TestContext;
let admin: string;
let teacher: string;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  admin = await signIn(t.app, await buildUser(t, { role: 'role_admin' }));
  teacher = await signIn(t.app, await buildUser(t, { role: 'role_teacher' }));
  // Caretakers' content is aimed at the whole municipality; a class to link.
  await t.db.insert(categoryNodes).values({ categoryId: 5, nodeId: 1 });
  await buildClass(t, { school: await buildSchool(t), name: '7A' });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/core/v1${url}`,
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });

describe('POST /api/core/v1/category', () => {
  it('climbs 401 → 400 → 403 → 200 and answers a duplicate key with 409', async () => {
    const body = { key: 'kultur_skola', name: 'Kulturskolan', type: 'content' };
    expect((await call('POST', '/category', undefined, body)).statusCode).toBe(401);
    const invalid = await call('POST', '/category', admin, { key: 'Kultur-1' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual([
      { field: 'key', message: 'Fältet får endast innehålla a-z och understreck' },
      { field: 'name', message: 'Fältet måste vara ifyllt' },
      { field: 'type', message: 'Fältet måste vara ifyllt' },
    ]);
    expect((await call('POST', '/category', teacher, body)).statusCode).toBe(403);
    const created = await call('POST', '/category', admin, body);
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ ...body, nodes: [] });
    const duplicate = await call('POST', '/category', admin, body);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('Det finns redan en kategori med nyckeln kultur_skola.');
  });
});

describe('GET /api/core/v1/category/{id}', () => {
  it('answers a category with its groups, or 404', async () => {
    expect((await call('GET', '/category/5')).statusCode).toBe(401);
    const category = await call('GET', '/category/5', teacher);
    expect(category.json()).toMatchObject({ id: 5, key: 'role_caretaker', nodes: [{ id: 1 }] });
    expect((await call('GET', '/category/99999', teacher)).statusCode).toBe(404);
  });
});

describe('category groups', () => {
  it('links and unlinks a group, audited; unknown category or group is 404', async () => {
    const created = (
      await call('POST', '/category', admin, { key: 'idrott', name: 'Idrott', type: 'content' })
    ).json();
    const [group] = await t.db.select().from(nodes).where(eq(nodes.name, '7A'));
    expect(
      (await call('POST', `/category/${created.id}/node/${group!.id}`, teacher)).statusCode,
    ).toBe(403);
    expect((await call('POST', `/category/99999/node/${group!.id}`, admin)).statusCode).toBe(404);
    expect((await call('POST', `/category/${created.id}/node/99999`, admin)).statusCode).toBe(404);
    const linked = await call('POST', `/category/${created.id}/node/${group!.id}`, admin);
    expect(linked.json().nodes.map((node: { name: string }) => node.name)).toEqual(['7A']);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'category.node.add'))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ before: { nodeIds: [] }, after: { nodeIds: [group!.id] } });
    const unlinked = await call('DELETE', `/category/${created.id}/node/${group!.id}`, admin);
    expect(unlinked.json().nodes).toEqual([]);
  });
});

describe('DELETE /api/core/v1/category/{id}', () => {
  it('keeps the spec’s fixed categories and role categories; deletes others', async () => {
    expect((await call('DELETE', '/category/1', teacher)).statusCode).toBe(403);
    expect((await call('DELETE', '/category/99999', admin)).statusCode).toBe(404);
    const fixed = await call('DELETE', '/category/1', admin);
    expect(fixed.statusCode).toBe(409);
    expect(fixed.json().message).toBe('Kategorin behövs av portalen och kan inte tas bort.');
    const role = await call('DELETE', '/category/3', admin);
    expect(role.statusCode).toBe(409);
    expect(role.json().message).toBe(
      'Kategorin hör till rollen role_teacher och kan inte tas bort.',
    );
    const created = (
      await call('POST', '/category', admin, {
        key: 'tillfallig',
        name: 'Tillfällig',
        type: 'content',
      })
    ).json();
    await call('POST', `/category/${created.id}/node/1`, admin);
    expect((await call('DELETE', `/category/${created.id}`, admin)).statusCode).toBe(200);
    expect((await call('GET', `/category/${created.id}`, admin)).statusCode).toBe(404);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClass, buildSchool, buildTeachingGroup, buildUser } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { clientFor, names, nodeIdByName, type Client } from '../../../test/tools-helpers';
import { groupTemplateNodes, groupTemplates } from '../../db/schema';

let t: TestContext;
let anna: Client;
let johan: Client;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  const ekbacken = await buildSchool(t, { name: 'Ekbackens skola' });
  const class3A = await buildClass(t, { school: ekbacken, name: '3A' });
  const class3B = await buildClass(t, { school: ekbacken, name: '3B' });
  const groups3A = [
    await buildTeachingGroup(t, { class: class3A, name: 'Matematik 3A' }),
    await buildTeachingGroup(t, { class: class3A, name: 'Svenska 3A' }),
  ];
  const lindang = await buildSchool(t, { name: 'Lindängsskolan' });
  const class7A = await buildClass(t, { school: lindang, name: '7A' });
  await buildTeachingGroup(t, { class: class7A, name: 'Matematik 7A' });
  await buildClass(t, { school: lindang, name: '8B' });

  const teacher = await buildUser(t, { role: 'role_teacher', class: class3A, groups: groups3A });
  // Her favourite target groups.
  for (const [name, nodes] of [
    ['Mina grupper i 3A', [class3A, ...groups3A]],
    ['Årskurs 3 på Ekbacken', [class3A, class3B]],
  ] as const) {
    const [template] = await t.db
      .insert(groupTemplates)
      .values({ userId: teacher.id, name })
      .returning({ id: groupTemplates.id });
    await t.db
      .insert(groupTemplateNodes)
      .values(nodes.map((node) => ({ templateId: template!.id, nodeId: node.id })));
  }
  anna = await clientFor(t, teacher);
  johan = await clientFor(t, await buildUser(t, { role: 'role_teacher', school: lindang }));
});
afterAll(() => t.close());

const url = '/api/portal-service/v1/favorite';

describe('favourite target groups (group templates)', () => {
  it('GET lists the owner’s templates with their groups', async () => {
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    const response = await anna('GET', url);
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(names(list)).toEqual(['Mina grupper i 3A', 'Årskurs 3 på Ekbacken']);
    expect(names(list[0].nodes)).toEqual(['3A', 'Matematik 3A', 'Svenska 3A']);
    expect(list[0].nodeIds).toEqual(list[0].nodes.map((node: { id: number }) => node.id));
    expect((await johan('GET', url)).json()).toEqual([]);
  });

  it('POST climbs 401 → 400 → 403 → 201', async () => {
    const class8B = await nodeIdByName(t, '8B');
    const payload = { name: 'Min mentorsklass', nodeIds: [class8B] };
    expect((await t.app.inject({ method: 'POST', url, payload })).statusCode).toBe(401);

    const invalid = await johan('POST', url, { name: '', nodeIds: [] });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual([
      { field: 'name', message: 'Fältet måste vara ifyllt' },
      { field: 'nodeIds', message: 'Minst en grupp måste väljas' },
    ]);

    const student = await clientFor(t, await buildUser(t, { role: 'role_student' }));
    expect((await student('POST', url, payload)).statusCode).toBe(403);
    expect((await student('GET', url)).statusCode).toBe(403);

    const created = await johan('POST', url, payload);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Min mentorsklass', nodeIds: [class8B] });
  });

  it('refuses unknown groups without writing anything', async () => {
    const before = await t.db.select().from(groupTemplates);
    const response = await johan('POST', url, { name: 'Okänd', nodeIds: [999_999] });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'nodeIds', message: 'Gruppen finns inte.' }]);
    expect(await t.db.select().from(groupTemplates)).toHaveLength(before.length);
  });

  it('PUT replaces name and groups; DELETE removes', async () => {
    const [a, b] = await Promise.all([nodeIdByName(t, '7A'), nodeIdByName(t, 'Matematik 7A')]);
    const created = (await johan('POST', url, { name: 'Sjuorna', nodeIds: [a] })).json();
    const one = `${url}/${created.id}`;
    const changed = await johan('PUT', one, { name: 'Sjuan med matte', nodeIds: [a, b, b] });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Sjuan med matte' });
    expect(changed.json().nodeIds.sort()).toEqual([a, b].sort());
    expect((await johan('GET', one)).json().name).toBe('Sjuan med matte');
    expect((await johan('DELETE', one)).json()).toEqual({ ok: true });
    expect((await johan('GET', one)).statusCode).toBe(404);
    expect(
      await t.db
        .select()
        .from(groupTemplateNodes)
        .where(eq(groupTemplateNodes.templateId, created.id)),
    ).toEqual([]);
  });

  it('another user’s template is not found and stays as it was', async () => {
    const [theirs] = await t.db
      .select()
      .from(groupTemplates)
      .where(eq(groupTemplates.name, 'Mina grupper i 3A'));
    const one = `${url}/${theirs!.id}`;
    const class8B = await nodeIdByName(t, '8B');
    expect((await johan('GET', one)).statusCode).toBe(404);
    expect((await johan('PUT', one, { name: 'Kapad', nodeIds: [class8B] })).statusCode).toBe(404);
    expect((await johan('DELETE', one)).statusCode).toBe(404);
    const after = (await anna('GET', one)).json();
    expect(after.name).toBe('Mina grupper i 3A');
    expect(names(after.nodes)).toEqual(['3A', 'Matematik 3A', 'Svenska 3A']);
  });
});

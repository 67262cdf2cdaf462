import { capabilityKeys, roleKeys } from '@skolportalen/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { categoryNodes } from '../../db/schema';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  // Caretakers' content is aimed at the whole municipality.
  await t.db.insert(categoryNodes).values({ categoryId: 5, nodeId: 1 });
});
afterAll(() => t.close());

describe('GET /api/core/v1/role', () => {
  it('401 when not signed in', async () => {
    expect((await t.app.inject({ url: '/api/core/v1/role' })).statusCode).toBe(401);
  });

  it('lists every role; rights are shown only to holders of role_list', async () => {
    const teacher = await signIn(t.app, await buildUser(t, { role: 'role_teacher' }));
    const plain = (
      await t.app.inject({ url: '/api/core/v1/role', headers: { cookie: teacher } })
    ).json();
    expect(plain.map((role: { key: string }) => role.key).sort()).toEqual([...roleKeys].sort());
    expect(plain.every((role: object) => !('capabilities' in role))).toBe(true);
    expect(plain.find((role: { key: string }) => role.key === 'role_teacher').categoryId).toBe(3);

    const admin = await signIn(t.app, await buildUser(t, { role: 'role_admin' }));
    const full = (
      await t.app.inject({ url: '/api/core/v1/role', headers: { cookie: admin } })
    ).json();
    const teacherRole = full.find((role: { key: string }) => role.key === 'role_teacher');
    expect(teacherRole.capabilities).toMatchObject({ create_post: true, post_list_all: false });
  });
});

describe('GET /api/core/v1/capability', () => {
  it('lists the whole catalogue with groups and Swedish labels', async () => {
    const cookie = await signIn(t.app, await buildUser(t, { role: 'role_student' }));
    const response = await t.app.inject({ url: '/api/core/v1/capability', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.map((capability: { key: string }) => capability.key).sort()).toEqual(
      [...capabilityKeys].sort(),
    );
    expect(list).toContainEqual({ key: 'create_post', group: 'post', label: 'Skapa innehåll' });
    expect(list).toContainEqual({
      key: 'set_intrest_unit',
      group: 'portal',
      label: 'Välja intresseenheter',
    });
    expect(response.headers['x-pagination-total']).toBe(String(capabilityKeys.length));
  });
});

describe('GET /api/core/v1/category', () => {
  it('answers the startup role-category query with linked nodes', async () => {
    const cookie = await signIn(t.app, await buildUser(t, { role: 'role_caretaker' }));
    const response = await t.app.inject({
      url: '/api/core/v1/category?type=role&perPage=9999',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.map((category: { key: string }) => category.key)).toEqual([
      'role_teacher',
      'role_student',
      'role_caretaker',
      'role_employee',
    ]);
    expect(list[2].nodes.map((node: { id: number }) => node.id)).toEqual([1]);
    expect(response.headers['x-pagination-total']).toBe('4');
  });

  it('refuses a malformed type filter and unknown sort columns', async () => {
    const cookie = await signIn(t.app, await buildUser(t, { role: 'role_caretaker' }));
    expect(
      (await t.app.inject({ url: "/api/core/v1/category?type=role'--", headers: { cookie } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ url: '/api/core/v1/category?sort=secret', headers: { cookie } }))
        .statusCode,
    ).toBe(400);
  });
});

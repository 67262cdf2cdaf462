import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, type TestContext } from '../../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = (cookie: string, query: string) =>
  t.app.inject({ url: `/api/core/v1/users?${query}`, headers: { cookie } });

describe('GET /api/core/v1/users', () => {
  it('climbs 401 → 400 → 403 → 200', async () => {
    expect((await t.app.inject({ url: '/api/core/v1/users' })).statusCode).toBe(401);
    const admin = await signInAs(t.app, 'eva.andersson');
    expect((await list(admin, 'role=DROP%20TABLE')).statusCode).toBe(400);
    expect((await list(admin, 'sort=password')).statusCode).toBe(400);
    expect((await list(admin, 'nodeId[]=x')).statusCode).toBe(400);
    const teacher = await signInAs(t.app, 'anna.larsson');
    expect((await list(teacher, '')).statusCode).toBe(403);
    const all = await list(admin, 'perPage=5');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toHaveLength(5);
    expect(Number(all.headers['x-pagination-total'])).toBe(16);
  });

  it('searches names, filters by role and group, and says whom the caller may act as', async () => {
    const admin = await signInAs(t.app, 'eva.andersson');
    expect(
      (await list(admin, 'search=nilsson')).json().map((user: { name: string }) => user.name),
    ).toEqual(['Elsa Nilsson', 'Karin Nilsson', 'Leo Nilsson']);
    expect((await list(admin, 'search=%25')).json()).toEqual([]);
    const caretakers = (await list(admin, 'role=role_caretaker')).json();
    expect(caretakers.map((user: { name: string }) => user.name)).toEqual([
      'Anna Larsson',
      'Karin Nilsson',
      'Mikael Holm',
    ]);
    const nodes = (
      await t.app.inject({
        url: '/api/core/v1/node?search=3A&type[]=Klass',
        headers: { cookie: admin },
      })
    ).json();
    const inClass = (await list(admin, `nodeId[]=${nodes[0].id}`)).json();
    expect(inClass.map((user: { name: string }) => user.name)).toEqual([
      'Anna Larsson',
      'Elsa Nilsson',
    ]);
    const admins = (await list(admin, 'search=svensson')).json();
    expect(admins[0]).toMatchObject({ isAdmin: true, can: { mask: false } });
    expect(inClass[1].can.mask).toBe(true);
  });

  it('a school-responsible user may list but not act as anyone', async () => {
    const rektor = await signInAs(t.app, 'lars.berglund');
    const response = await list(rektor, 'search=elsa');
    expect(response.statusCode).toBe(200);
    expect(response.json()[0].can.mask).toBe(false);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClass, buildSchool, buildUser, signIn } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';

let t: TestContext;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  const ekbacken = await buildSchool(t, { name: 'Ekbackens skola' });
  const lindang = await buildSchool(t, { name: 'Lindängsskolan' });
  for (const [school, name] of [
    [ekbacken, '3A'],
    [ekbacken, '3B'],
    [lindang, '7A'],
    [lindang, '8B'],
  ] as const) {
    await buildClass(t, { school, name });
  }
  cookie = await signIn(t.app, await buildUser(t, { role: 'role_teacher', school: ekbacken }));
});
afterAll(() => t.close());

const nodes = (query: string) =>
  t.app.inject({ url: `/api/core/v1/node?${query}`, headers: { cookie } });

describe('GET /api/core/v1/node', () => {
  it('401 when not signed in', async () => {
    expect((await t.app.inject({ url: '/api/core/v1/node' })).statusCode).toBe(401);
  });

  it('answers the startup groups query: category 1, everything, sorted by name', async () => {
    const response = await nodes('categoryId=1&perPage=9999&sort=name%20ASC');
    expect(response.statusCode).toBe(200);
    const names = response.json().map((node: { name: string }) => node.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(names).toContain('Ekbackens skola');
    expect(Number(response.headers['x-pagination-total'])).toBe(names.length);
  });

  it('filters by type[] and nodeId[], and pages with the total in the header', async () => {
    const classes = (await nodes('type[]=Klass&sort=name%20DESC')).json();
    expect(classes.every((node: { type: string }) => node.type === 'Klass')).toBe(true);
    expect(classes[0].name >= classes.at(-1).name).toBe(true);

    const picked = (await nodes(`nodeId[]=${classes[0].id}&nodeId[]=${classes[1].id}`)).json();
    expect(picked.map((node: { id: number }) => node.id).sort()).toEqual(
      [classes[0].id, classes[1].id].sort(),
    );

    const page = await nodes('type[]=Klass&perPage=2&page=2&sort=id%20ASC');
    expect(page.json()).toHaveLength(2);
    expect(page.headers['x-pagination-total']).toBe(String(classes.length));
  });

  it('finds by name and treats % literally', async () => {
    expect((await nodes('search=lind')).json().map((node: { name: string }) => node.name)).toEqual([
      'Lindängsskolan',
    ]);
    expect((await nodes('search=%25')).json()).toEqual([]);
  });

  it('refuses unknown sort columns, injection-looking values and oversized pages with 400', async () => {
    const column = await nodes('sort=password%20ASC');
    expect(column.statusCode).toBe(400);
    expect(column.json().errors).toEqual([
      { field: 'sort', message: 'Okänd sorteringskolumn: password' },
    ]);

    const injection = await nodes('sort=' + encodeURIComponent('name; drop table users'));
    expect(injection.statusCode).toBe(400);

    const filter = await nodes('nodeId[]=' + encodeURIComponent('1 or 1=1'));
    expect(filter.statusCode).toBe(400);
    expect(filter.json().errors[0].field).toBe('nodeId.0');

    const size = await nodes('perPage=10000');
    expect(size.statusCode).toBe(400);
    expect(size.json().errors[0]).toEqual({
      field: 'perPage',
      message: 'Värdet får vara högst 9999',
    });

    expect((await t.app.inject({ url: '/api/core/v1/user', headers: { cookie } })).statusCode).toBe(
      200,
    );
  });
});

describe('GET /api/core/v1/node?tree=true (issue 21.6)', () => {
  it('answers the same nodes as a tree, each with its children; the flat list stays as it was', async () => {
    const get = (query: string) => nodes(`perPage=9999&${query}`);
    const flat = await get('');
    const tree = await get('tree=true');
    expect(tree.statusCode).toBe(200);
    expect(tree.headers['x-pagination-total']).toBe(flat.headers['x-pagination-total']);
    type Node = { id: number; parentId: number | null; children?: Node[] };
    const flatNodes = flat.json() as Node[];
    expect(flatNodes[0]).not.toHaveProperty('children');
    const seen: Node[] = [];
    const walk = (nodes: Node[], parentId: number | null) => {
      for (const node of nodes) {
        if (parentId !== null) expect(node.parentId).toBe(parentId);
        seen.push(node);
        walk(node.children!, node.id);
      }
    };
    const roots = tree.json() as Node[];
    walk(roots, null);
    expect(seen.map((node) => node.id).sort()).toEqual(flatNodes.map((node) => node.id).sort());
    expect(roots.length).toBeLessThan(flatNodes.length);
    const bad = await get('tree=ja');
    expect(bad.statusCode).toBe(400);
  });
});

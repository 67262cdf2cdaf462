import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, type TestContext } from '../../../test/harness';
import {
  clientFor,
  createTool,
  names,
  nodeIdByName,
  roleCategory,
  type Client,
} from '../../../test/tools-helpers';

let t: TestContext;
let admin: Client;
beforeAll(async () => {
  t = await createTestApp();
  admin = await clientFor(t, 'eva.andersson');
});
afterAll(() => t.close());

const getLinks = (client: Client, body: object = {}) =>
  client('POST', '/api/core/v1/GetLinks', body);

describe('POST /api/core/v1/GetLinks', () => {
  it('401 without a session, 400 for a bad filter or sort', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/core/v1/GetLinks',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    const teacher = await clientFor(t, 'anna.larsson');
    const filter = await getLinks(teacher, { nodeId: ['1 or 1=1'] });
    expect(filter.statusCode).toBe(400);
    expect(filter.json().errors[0].field).toBe('nodeId.0');
    const sort = await getLinks(teacher, { sort: 'password ASC' });
    expect(sort.statusCode).toBe(400);
    expect(sort.json().errors).toEqual([
      { field: 'sort', message: 'Okänd sorteringskolumn: password' },
    ]);
    expect((await getLinks(teacher, { perPage: 10_000 })).statusCode).toBe(400);
    expect((await getLinks(teacher, { type: ['post'] })).statusCode).toBe(400);
  });

  describe('who sees which tool: role category AND group (matrix)', () => {
    const matrixTools = {
      'Matris Ekb lärare': { groups: ['Ekbackens skola'], roles: ['teacher'] },
      'Matris alla elever': { groups: ['Exempelby kommun'], roles: ['student'] },
      'Matris Lindäng elever': { groups: ['Lindängsskolan'], roles: ['student'] },
      'Matris vårdnadshavare': { groups: ['Exempelby kommun'], roles: ['caretaker'] },
      'Matris klass 3A': { groups: ['3A'], roles: ['teacher', 'student'] },
      'Matris förvaltningen': { groups: ['Utbildningsförvaltningen'], roles: ['employee'] },
      'Matris Matte 3A': { groups: ['Matematik 3A'], roles: ['student'] },
    } as const;

    const expected: Record<string, (keyof typeof matrixTools)[]> = {
      'anna.larsson': ['Matris Ekb lärare', 'Matris klass 3A'],
      'johan.berg': [],
      'fatima.ali': [],
      'elsa.nilsson': ['Matris alla elever', 'Matris klass 3A', 'Matris Matte 3A'],
      'olle.larsson': ['Matris alla elever'],
      'leo.nilsson': ['Matris alla elever', 'Matris Lindäng elever'],
      'maja.holm': ['Matris alla elever'],
      'karin.nilsson': ['Matris vårdnadshavare'],
      'anna.larsson.vh': ['Matris vårdnadshavare'],
      'sara.ekstrom': ['Matris förvaltningen'],
      'lars.berglund': [],
      'eva.andersson': ['Matris förvaltningen'],
    };

    beforeAll(async () => {
      for (const [name, target] of Object.entries(matrixTools)) {
        const nodeIds = await Promise.all(target.groups.map((group) => nodeIdByName(t, group)));
        await createTool(admin, {
          name,
          nodeIds,
          categoryIds: target.roles.map((role) => roleCategory[role]),
        });
      }
    });

    it.each(Object.entries(expected))('%s', async (username, tools) => {
      const client = await clientFor(t, username);
      const response = await getLinks(client);
      expect(response.statusCode).toBe(200);
      const seen = names(response.json()).filter((name) => name.startsWith('Matris'));
      expect(seen.sort()).toEqual([...tools].sort());
    });
  });

  it('the demo: a student sees only student tools, a guardian only guardian tools', async () => {
    const demoOnly = (list: { name: string }[]) =>
      names(list).filter((name) => !name.startsWith('Matris'));
    const elsa = await clientFor(t, 'elsa.nilsson');
    const studentTools = demoOnly((await getLinks(elsa)).json());
    expect(studentTools).toEqual(expect.arrayContaining(['Schema', 'Matsedel', 'Google Drive']));
    for (const teacherOnly of ['Betyg och omdömen', 'Personalportalen', 'Frånvaro']) {
      expect(studentTools).not.toContain(teacherOnly);
    }
    // Google Classroom is aimed at Lindängsskolan and Norrby, not Elsa's school.
    expect(studentTools).not.toContain('Google Classroom');

    const karin = await clientFor(t, 'karin.nilsson');
    expect(demoOnly((await getLinks(karin)).json()).sort()).toEqual(
      ['Frånvaro', 'Ledighetsansökan', 'Matsedel'].sort(),
    );
  });

  it('"mine" leaves out optional tools until they are added; "available" shows them', async () => {
    const anna = await clientFor(t, 'anna.larsson');
    const mine = (await getLinks(anna)).json();
    expect(names(mine)).not.toContain('Bibliotekskatalog');
    expect(mine.every((link: { inMyList: boolean }) => link.inMyList)).toBe(true);
    const available = (await getLinks(anna, { scope: 'available' })).json();
    const library = available.find((link: { name: string }) => link.name === 'Bibliotekskatalog');
    expect(library).toMatchObject({
      optional: true,
      inMyList: false,
      can: { add: true, remove: false },
    });
  });

  it('filters by type, group and role category within what reaches the user', async () => {
    const anna = await clientFor(t, 'anna.larsson');
    const google = (await getLinks(anna, { type: ['google-tool'] })).json();
    expect(names(google)).toEqual(['Google Drive']);

    const ekbacken = await nodeIdByName(t, 'Ekbackens skola');
    const bySchool = names((await getLinks(anna, { nodeId: [ekbacken] })).json());
    expect(bySchool).toContain('Schema');
    expect(bySchool).not.toContain('Matsedel');

    // Asking for another role's category never widens what reaches the user.
    const caretakerTools = (await getLinks(anna, { categoryId: [roleCategory.caretaker] })).json();
    expect(names(caretakerTools)).toEqual(['Frånvaro', 'Matsedel']);
  });

  it('sorts linkSort ASC, then name ASC regardless of case, then by id; the same every time', async () => {
    const group = await nodeIdByName(t, 'Svenska 3A');
    const make = (name: string, linkSort: number) =>
      createTool(admin, { name, linkSort, nodeIds: [group] });
    const second = await make('Samma namn', 2);
    const first = await make('Samma namn', 2);
    await make('beta', 1);
    await make('Alfa', 1);
    await make('alfa', 1);
    await make('Först', -5);
    await make('Sist', 50);
    const expectedOrder = ['Först', 'Alfa', 'alfa', 'beta', 'Samma namn', 'Samma namn', 'Sist'];

    const teacher = await signInAs(t.app, 'anna.larsson');
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/core/v1/GetLinks',
        headers: { cookie: teacher },
        payload: { nodeId: [group], scope: 'available', sort: 'linkSort ASC, name ASC' },
      });
      const list = response
        .json()
        .filter((link: { nodeIds: number[] }) => link.nodeIds.includes(group));
      expect(names(list)).toEqual(expectedOrder);
      const same = list.filter((link: { name: string }) => link.name === 'Samma namn');
      expect(same.map((link: { id: number }) => link.id)).toEqual(
        [second.id, first.id].sort((a, b) => a - b),
      );
    }

    const reversed = await getLinks(admin, { sort: 'name DESC' });
    expect(reversed.statusCode).toBe(200);
  });

  it('pages with the total in x-pagination-total', async () => {
    const anna = await clientFor(t, 'anna.larsson');
    const all = await getLinks(anna, { scope: 'available' });
    const total = Number(all.headers['x-pagination-total']);
    expect(total).toBe(all.json().length);
    const page = await getLinks(anna, { scope: 'available', perPage: 2, page: 2 });
    expect(page.json()).toHaveLength(2);
    expect(page.headers['x-pagination-total']).toBe(String(total));
    expect(names(page.json())).toEqual(names(all.json()).slice(2, 4));
  });
});

describe('OpenAPI', () => {
  it('documents the tools, favourites, group-template and profile routes', async () => {
    const document = JSON.parse(JSON.stringify(t.app.swagger()));
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/core/v1/GetLinks',
        '/api/core/v1/my-links',
        '/api/core/v1/link-all',
        '/api/core/v1/link',
        '/api/core/v1/link/{id}',
        '/api/core/v1/user/links',
        '/api/core/v1/user/links/{id}',
        '/api/core/v1/user/{id}/links',
        '/api/core/v1/user/{id}/link/{linkId}',
        '/api/core/v1/user/{id}/link-sort',
        '/api/core/v1/favorite',
        '/api/core/v1/favorite/{id}',
        '/api/core/v1/user/schools',
        '/api/core/v1/user/main-school',
        '/api/core/v1/user/interests',
        '/api/portal-service/v1/favorite',
        '/api/portal-service/v1/favorite/{id}',
        '/api/portal-service/v1/user/updateUser',
      ]),
    );
  });
});

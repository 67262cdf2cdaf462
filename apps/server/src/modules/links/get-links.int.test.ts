import { ids, type LinkInput } from '@skolportalen/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildClass,
  buildNode,
  buildSchool,
  buildTeachingGroup,
  buildUser,
  signIn,
  type TestUser,
} from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import {
  clientFor,
  createTool,
  names,
  roleCategory,
  type Client,
} from '../../../test/tools-helpers';

type Role = keyof typeof roleCategory;
type GroupKey =
  | 'municipality'
  | 'school'
  | 'class3A'
  | 'class5A'
  | 'maths3A'
  | 'swedish3A'
  | 'otherSchool'
  | 'class8B'
  | 'thirdSchool'
  | 'administration';
type Person =
  | 'teacher of 3A'
  | 'teacher at the other school'
  | 'teacher at the third school'
  | 'pupil of 3A'
  | 'pupil of 5A'
  | 'pupil at the other school'
  | 'pupil at the third school'
  | 'guardian of two pupils'
  | "the 3A teacher's guardian account"
  | 'employee of the administration'
  | 'principal of the other school'
  | 'administrator in the administration';

let t: TestContext;
let admin: Client;
/** The groups tree the tests aim at: a school with two classes and their groups, two more schools and the administration. */
let group: Record<GroupKey, number>;
/** The people whose lists are read, by their place in the municipality. */
let person: Record<Person, TestUser>;

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  const school = await buildSchool(t);
  const class3A = await buildClass(t, { school, name: '3A' });
  const class5A = await buildClass(t, { school, name: '5A' });
  const maths3A = await buildTeachingGroup(t, { class: class3A, name: 'Matematik 3A' });
  const swedish3A = await buildTeachingGroup(t, { class: class3A, name: 'Svenska 3A' });
  const otherSchool = await buildSchool(t);
  const class8B = await buildClass(t, { school: otherSchool, name: '8B' });
  const thirdSchool = await buildSchool(t);
  const administration = await buildNode(t, {
    name: 'Utbildningsförvaltningen',
    type: 'Förvaltning',
    parent: ids.municipalityNodeId,
  });
  group = {
    municipality: ids.municipalityNodeId,
    school: school.id,
    class3A: class3A.id,
    class5A: class5A.id,
    maths3A: maths3A.id,
    swedish3A: swedish3A.id,
    otherSchool: otherSchool.id,
    class8B: class8B.id,
    thirdSchool: thirdSchool.id,
    administration: administration.id,
  };

  const teacher = await buildUser(t, { class: class3A, groups: [maths3A, swedish3A] });
  const pupil = await buildUser(t, {
    role: 'role_student',
    class: class3A,
    groups: [maths3A, swedish3A],
  });
  const pupilOf5A = await buildUser(t, { role: 'role_student', class: class5A });
  const pupilAtOtherSchool = await buildUser(t, { role: 'role_student', class: class8B });
  const administrator = await buildUser(t, { role: 'role_admin', groups: [administration] });
  person = {
    'teacher of 3A': teacher,
    'teacher at the other school': await buildUser(t, { class: class8B }),
    'teacher at the third school': await buildUser(t, { school: thirdSchool }),
    'pupil of 3A': pupil,
    'pupil of 5A': pupilOf5A,
    'pupil at the other school': pupilAtOtherSchool,
    'pupil at the third school': await buildUser(t, { role: 'role_student', school: thirdSchool }),
    'guardian of two pupils': await buildUser(t, {
      role: 'role_caretaker',
      guardianOf: [pupil, pupilAtOtherSchool],
    }),
    "the 3A teacher's guardian account": await buildUser(t, {
      role: 'role_caretaker',
      guardianOf: [pupilOf5A],
      samePersonAs: teacher,
    }),
    'employee of the administration': await buildUser(t, {
      role: 'role_employee',
      groups: [administration],
    }),
    'principal of the other school': await buildUser(t, {
      role: 'role_school_responsible',
      school: otherSchool,
    }),
    'administrator in the administration': administrator,
  };
  admin = await clientFor(t, administrator);
  await buildCommonTools();
});
afterAll(() => t.close());

/**
 * Tools for every role, aimed as a municipality aims them: at its schools, at
 * the municipality, at one school; some are Google tools, one is optional.
 */
async function buildCommonTools() {
  const schools: GroupKey[] = ['school', 'otherSchool', 'thirdSchool'];
  const tools: [string, GroupKey[], Role[], Partial<LinkInput>?][] = [
    ['Schema', schools, ['teacher', 'student']],
    ['Frånvaro', [...schools, 'municipality'], ['teacher', 'caretaker']],
    ['Matsedel', ['municipality'], ['teacher', 'student', 'caretaker', 'employee']],
    [
      'Google Classroom',
      ['otherSchool', 'thirdSchool'],
      ['teacher', 'student'],
      { type: 'google-tool', url: 'https://classroom.google.com/' },
    ],
    [
      'Google Drive',
      ['municipality'],
      ['teacher', 'student', 'employee'],
      { type: 'google-tool', url: 'https://drive.google.com/' },
    ],
    ['Betyg och omdömen', schools, ['teacher']],
    ['Ledighetsansökan', ['municipality'], ['caretaker']],
    ['Personalportalen', ['municipality'], ['teacher', 'employee']],
    ['Bibliotekskatalog', ['municipality'], ['teacher', 'student'], { optional: true }],
  ];
  for (const [index, [name, targets, roles, more]] of tools.entries()) {
    await createTool(admin, {
      name,
      linkSort: (index + 1) * 10,
      nodeIds: targets.map((target) => group[target]),
      categoryIds: roles.map((role) => roleCategory[role]),
      ...more,
    });
  }
}

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
    const teacher = await clientFor(t, person['teacher of 3A']);
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
    const matrixTools: Record<string, { groups: GroupKey[]; roles: Role[] }> = {
      'Matris skolans lärare': { groups: ['school'], roles: ['teacher'] },
      'Matris alla elever': { groups: ['municipality'], roles: ['student'] },
      'Matris andra skolan': { groups: ['otherSchool'], roles: ['student'] },
      'Matris vårdnadshavare': { groups: ['municipality'], roles: ['caretaker'] },
      'Matris klass 3A': { groups: ['class3A'], roles: ['teacher', 'student'] },
      'Matris förvaltningen': { groups: ['administration'], roles: ['employee'] },
      'Matris Matte 3A': { groups: ['maths3A'], roles: ['student'] },
    };

    const expected: Record<Person, string[]> = {
      'teacher of 3A': ['Matris skolans lärare', 'Matris klass 3A'],
      'teacher at the other school': [],
      'teacher at the third school': [],
      'pupil of 3A': ['Matris alla elever', 'Matris klass 3A', 'Matris Matte 3A'],
      'pupil of 5A': ['Matris alla elever'],
      'pupil at the other school': ['Matris alla elever', 'Matris andra skolan'],
      'pupil at the third school': ['Matris alla elever'],
      'guardian of two pupils': ['Matris vårdnadshavare'],
      "the 3A teacher's guardian account": ['Matris vårdnadshavare'],
      'employee of the administration': ['Matris förvaltningen'],
      'principal of the other school': [],
      'administrator in the administration': ['Matris förvaltningen'],
    };

    beforeAll(async () => {
      for (const [name, target] of Object.entries(matrixTools)) {
        await createTool(admin, {
          name,
          nodeIds: target.groups.map((key) => group[key]),
          categoryIds: target.roles.map((role) => roleCategory[role]),
        });
      }
    });

    it.each(Object.entries(expected))('%s', async (who, tools) => {
      const client = await clientFor(t, person[who as Person]);
      const response = await getLinks(client);
      expect(response.statusCode).toBe(200);
      const seen = names(response.json()).filter((name) => name.startsWith('Matris'));
      expect(seen.sort()).toEqual([...tools].sort());
    });
  });

  it('the common tools: a student sees only student tools, a guardian only guardian tools', async () => {
    const commonOnly = (list: { name: string }[]) =>
      names(list).filter((name) => !name.startsWith('Matris'));
    const pupil = await clientFor(t, person['pupil of 3A']);
    const studentTools = commonOnly((await getLinks(pupil)).json());
    expect(studentTools).toEqual(expect.arrayContaining(['Schema', 'Matsedel', 'Google Drive']));
    for (const teacherOnly of ['Betyg och omdömen', 'Personalportalen', 'Frånvaro']) {
      expect(studentTools).not.toContain(teacherOnly);
    }
    // Google Classroom is aimed at the two other schools, not the pupil's.
    expect(studentTools).not.toContain('Google Classroom');

    const guardian = await clientFor(t, person['guardian of two pupils']);
    expect(commonOnly((await getLinks(guardian)).json()).sort()).toEqual(
      ['Frånvaro', 'Ledighetsansökan', 'Matsedel'].sort(),
    );
  });

  it('"mine" leaves out optional tools until they are added; "available" shows them', async () => {
    const teacher = await clientFor(t, person['teacher of 3A']);
    const mine = (await getLinks(teacher)).json();
    expect(names(mine)).not.toContain('Bibliotekskatalog');
    expect(mine.every((link: { inMyList: boolean }) => link.inMyList)).toBe(true);
    const available = (await getLinks(teacher, { scope: 'available' })).json();
    const library = available.find((link: { name: string }) => link.name === 'Bibliotekskatalog');
    expect(library).toMatchObject({
      optional: true,
      inMyList: false,
      can: { add: true, remove: false },
    });
  });

  it('filters by type, group and role category within what reaches the user', async () => {
    const teacher = await clientFor(t, person['teacher of 3A']);
    const google = (await getLinks(teacher, { type: ['google-tool'] })).json();
    expect(names(google)).toEqual(['Google Drive']);

    const bySchool = names((await getLinks(teacher, { nodeId: [group.school] })).json());
    expect(bySchool).toContain('Schema');
    expect(bySchool).not.toContain('Matsedel');

    // Asking for another role's category never widens what reaches the user.
    const caretakerTools = (
      await getLinks(teacher, { categoryId: [roleCategory.caretaker] })
    ).json();
    expect(names(caretakerTools)).toEqual(['Frånvaro', 'Matsedel']);
  });

  it('sorts linkSort ASC, then name ASC regardless of case, then by id; the same every time', async () => {
    const swedish3A = group.swedish3A;
    const make = (name: string, linkSort: number) =>
      createTool(admin, { name, linkSort, nodeIds: [swedish3A] });
    const second = await make('Samma namn', 2);
    const first = await make('Samma namn', 2);
    await make('beta', 1);
    await make('Alfa', 1);
    await make('alfa', 1);
    await make('Först', -5);
    await make('Sist', 50);
    const expectedOrder = ['Först', 'Alfa', 'alfa', 'beta', 'Samma namn', 'Samma namn', 'Sist'];

    const teacher = await signIn(t.app, person['teacher of 3A']);
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/core/v1/GetLinks',
        headers: { cookie: teacher },
        payload: { nodeId: [swedish3A], scope: 'available', sort: 'linkSort ASC, name ASC' },
      });
      const list = response
        .json()
        .filter((link: { nodeIds: number[] }) => link.nodeIds.includes(swedish3A));
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
    const teacher = await clientFor(t, person['teacher of 3A']);
    const all = await getLinks(teacher, { scope: 'available' });
    const total = Number(all.headers['x-pagination-total']);
    expect(total).toBe(all.json().length);
    const page = await getLinks(teacher, { scope: 'available', perPage: 2, page: 2 });
    expect(page.json()).toHaveLength(2);
    expect(page.headers['x-pagination-total']).toBe(String(total));
    expect(names(page.json())).toEqual(names(all.json()).slice(2, 4));
  });
});

describe('a tool list written once for the page', () => {
  it('GetLinks and the current user answer the list exactly as the response schema writes it', async () => {
    // Text that must be escaped, an optional tool chosen and an own order.
    await createTool(admin, {
      name: 'Citat "i" </script> å\\',
      shortDescription: 'Rad ett\nrad två\t\u2028',
      nodeIds: [group.class3A],
      categoryIds: [roleCategory.teacher, roleCategory.student],
    });
    const teacher = await clientFor(t, person['teacher of 3A']);
    const available = (await getLinks(teacher, { scope: 'available' })).json();
    const library = available.find((link: { name: string }) => link.name === 'Bibliotekskatalog');
    expect(
      (await teacher('POST', `/api/core/v1/user/links/${library.id}`)).statusCode,
    ).toBeLessThan(300);
    const ownIds = (await getLinks(teacher)).json().map((link: { id: number }) => link.id);
    const sorted = await teacher(
      'POST',
      `/api/core/v1/user/${person['teacher of 3A'].id}/link-sort`,
      { linkIds: [...ownIds].reverse() },
    );
    expect(sorted.statusCode).toBeLessThan(300);

    const readers: Person[] = [
      'teacher of 3A',
      'pupil of 3A',
      'guardian of two pupils',
      'principal of the other school',
      'administrator in the administration',
    ];
    for (const reader of readers) {
      const client = await clientFor(t, person[reader]);
      // GET /user/links presents the list and writes it with the route's schema, as before.
      const bySchema = await client('GET', '/api/core/v1/user/links');
      expect(bySchema.statusCode).toBe(200);
      const viaGetLinks = await getLinks(client, {
        type: ['tool', 'google-tool'],
        sort: 'linkSort ASC, name ASC',
      });
      expect(viaGetLinks.body, reader).toBe(bySchema.body);
      const current = await client('GET', '/api/core/v1/user');
      expect(current.body.endsWith(`,"links":${bySchema.body}}`), reader).toBe(true);
      expect(current.json().links).toEqual(bySchema.json());
    }
    const own = (await teacher('GET', '/api/core/v1/user')).json().links;
    expect(own[0]).toMatchObject({
      name: 'Bibliotekskatalog',
      inMyList: true,
      can: { remove: true },
    });
    expect(own.every((link: { userSort: number | null }) => link.userSort !== null)).toBe(true);
    expect(own.some((link: { name: string }) => link.name.includes('</script>'))).toBe(true);
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

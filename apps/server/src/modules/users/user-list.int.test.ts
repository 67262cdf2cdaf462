import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildClass,
  buildSchool,
  buildUser,
  fullName,
  signIn,
  type TestNode,
  type TestUser,
} from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';

let t: TestContext;
/** Every account of the municipality: the list's total counts them all. */
let people: Record<
  | 'admin'
  | 'superadmin'
  | 'principal'
  | 'teacher'
  | 'pupil'
  | 'pupilElsewhere'
  | 'guardianOfBoth'
  | 'otherGuardian'
  | 'thirdGuardian',
  TestUser
>;
let ownClass: TestNode;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  const school = await buildSchool(t);
  ownClass = await buildClass(t, { school });
  // Two pupils of one family, at different schools, and their guardian share a surname to search for.
  const pupil = await buildUser(t, {
    role: 'role_student',
    class: ownClass,
    firstName: 'Alva',
    lastName: 'Lindqvist',
  });
  const pupilElsewhere = await buildUser(t, {
    role: 'role_student',
    firstName: 'Vilgot',
    lastName: 'Lindqvist',
  });
  people = {
    admin: await buildUser(t, { role: 'role_admin' }),
    superadmin: await buildUser(t, { role: 'role_superadmin', lastName: 'Holmgren' }),
    principal: await buildUser(t, { role: 'role_school_responsible', school }),
    teacher: await buildUser(t, { role: 'role_teacher', class: ownClass }),
    pupil,
    pupilElsewhere,
    guardianOfBoth: await buildUser(t, {
      role: 'role_caretaker',
      guardianOf: [pupil, pupilElsewhere],
      firstName: 'Maria',
      lastName: 'Lindqvist',
    }),
    otherGuardian: await buildUser(t, {
      role: 'role_caretaker',
      firstName: 'Omar',
      lastName: 'Farah',
    }),
    thirdGuardian: await buildUser(t, {
      role: 'role_caretaker',
      firstName: 'Ylva',
      lastName: 'Berg',
    }),
  };
});
afterAll(() => t.close());

const list = (cookie: string, query: string) =>
  t.app.inject({ url: `/api/core/v1/users?${query}`, headers: { cookie } });

describe('GET /api/core/v1/users', () => {
  it('climbs 401 → 400 → 403 → 200', async () => {
    expect((await t.app.inject({ url: '/api/core/v1/users' })).statusCode).toBe(401);
    const admin = await signIn(t.app, people.admin);
    expect((await list(admin, 'role=DROP%20TABLE')).statusCode).toBe(400);
    expect((await list(admin, 'sort=password')).statusCode).toBe(400);
    expect((await list(admin, 'nodeId[]=x')).statusCode).toBe(400);
    const teacher = await signIn(t.app, people.teacher);
    expect((await list(teacher, '')).statusCode).toBe(403);
    const all = await list(admin, 'perPage=5');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toHaveLength(5);
    expect(Number(all.headers['x-pagination-total'])).toBe(Object.keys(people).length);
  });

  it('searches names, filters by role and group, and says whom the caller may act as', async () => {
    const admin = await signIn(t.app, people.admin);
    expect(
      (await list(admin, 'search=lindqvist')).json().map((user: { name: string }) => user.name),
    ).toEqual(['Alva Lindqvist', 'Maria Lindqvist', 'Vilgot Lindqvist']);
    expect((await list(admin, 'search=%25')).json()).toEqual([]);
    const caretakers = (await list(admin, 'role=role_caretaker')).json();
    expect(caretakers.map((user: { name: string }) => user.name)).toEqual([
      'Maria Lindqvist',
      'Omar Farah',
      'Ylva Berg',
    ]);
    const inClass = (await list(admin, `nodeId[]=${ownClass.id}`)).json();
    expect(inClass.map((user: { name: string }) => user.name)).toEqual([
      fullName(people.pupil),
      fullName(people.teacher),
    ]);
    const admins = (await list(admin, 'search=holmgren')).json();
    expect(admins[0]).toMatchObject({
      id: people.superadmin.id,
      isAdmin: true,
      can: { mask: false },
    });
    expect(inClass[0]).toMatchObject({ id: people.pupil.id, can: { mask: true } });
  });

  it('a school-responsible user may list but not act as anyone', async () => {
    const principal = await signIn(t.app, people.principal);
    const response = await list(principal, 'search=alva');
    expect(response.statusCode).toBe(200);
    expect(response.json()[0]).toMatchObject({ id: people.pupil.id, can: { mask: false } });
  });
});

import { paging } from '@skolportalen/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerClientOf, buildUser, fullName, type TestUser } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import {
  buildProtectedCast,
  expectNamed,
  expectNoTraceOf,
  type ProtectedCast,
} from '../../../test/protected-people';

/**
 * GET /users is the admin users screen, the group member list (`nodeId[]`)
 * and every people picker (editors, act-as): a protected person is in none
 * of them for an actor who may not see them (decision 0039).
 */
let t: TestContext;
let cast: ProtectedCast;
let actors: Record<
  | 'teacherWithList'
  | 'otherRektor'
  | 'adminWithoutTheRight'
  | 'rektor'
  | 'admin'
  | 'guardianWithList'
  | 'pupilWithList',
  TestUser
>;

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  cast = await buildProtectedCast(t);
  const withList = { user_list: true } as const;
  actors = {
    // A colleague at the same school who may search people (the editors picker).
    teacherWithList: await buildUser(t, { school: cast.school, capabilities: withList }),
    otherRektor: await buildUser(t, { role: 'role_school_responsible', school: cast.otherSchool }),
    adminWithoutTheRight: await buildUser(t, {
      role: 'role_admin',
      capabilities: { view_protected_identity: false },
    }),
    rektor: await buildUser(t, { role: 'role_school_responsible', school: cast.school }),
    admin: await buildUser(t, { role: 'role_admin' }),
    guardianWithList: await buildUser(t, {
      role: 'role_caretaker',
      guardianOf: [cast.protectedPupil],
      capabilities: withList,
    }),
    pupilWithList: await buildUser(t, {
      role: 'role_student',
      class: cast.klass,
      samePersonAs: cast.protectedPupil,
      capabilities: withList,
    }),
  };
});
afterAll(() => t?.close());

/** Every filter of the list, each of which would find a protected person if it could. */
const queries = () => [
  `perPage=${paging.maxPerPage}`,
  `perPage=${paging.maxPerPage}&status=all`,
  'search=Sigrid',
  'search=skyddadsson',
  'search=sigrid.skyddad',
  'search=hemlig.exempelby.se',
  'search=Tove%20Sekretessdotter',
  'role=role_student',
  'role=role_teacher',
  `nodeId[]=${cast.klass.id}`,
  `nodeId[]=${cast.school.id}&sort=username%20DESC`,
];

async function listAs(actor: TestUser, query: string) {
  const client = await bearerClientOf(t, actor);
  const response = await client('GET', `/api/core/v1/users?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

const names = (response: { json(): unknown }) =>
  (response.json() as { name: string }[]).map((user) => user.name);

describe('GET /users leaves protected people out for actors who may not see them', () => {
  it('in every filter and search, the total included', async () => {
    for (const who of ['teacherWithList', 'otherRektor', 'adminWithoutTheRight'] as const) {
      for (const query of queries()) {
        const response = await listAs(actors[who], query);
        expectNoTraceOf(response, [cast.protectedPupil, cast.markedTeacher], `${who}: ${query}`);
      }
      // A search for the protected name finds nothing, and says so in the total too.
      const byName = await listAs(actors[who], 'search=Skyddadsson');
      expect(byName.json(), who).toEqual([]);
      expect(byName.headers['x-pagination-total'], who).toBe('0');
    }
  });

  it('the group member list still lists the unmarked', async () => {
    const members = await listAs(actors.teacherWithList, `nodeId[]=${cast.klass.id}`);
    expect(names(members).sort()).toEqual(
      [fullName(cast.classmate), fullName(actors.pupilWithList)].sort(),
    );
    expect(members.headers['x-pagination-total']).toBe('2');
  });
});

describe('GET /users shows protected people to those who may see them', () => {
  it('the rektor of their school and an administrator, in the member list and in search', async () => {
    for (const who of ['rektor', 'admin'] as const) {
      const members = await listAs(actors[who], `nodeId[]=${cast.klass.id}`);
      expect(names(members), who).toContain(fullName(cast.protectedPupil));
      expect(members.headers['x-pagination-total'], who).toBe('3');
      for (const query of ['search=sigrid.skyddad', 'search=hemlig.exempelby.se']) {
        expectNamed(await listAs(actors[who], query), cast.protectedPupil, `${who}: ${query}`);
      }
      expectNamed(await listAs(actors[who], 'search=Tove'), cast.markedTeacher, who);
    }
  });

  it('the pupil’s guardian and the pupil’s own other account, but not the marked teacher', async () => {
    for (const who of ['guardianWithList', 'pupilWithList'] as const) {
      const response = await listAs(actors[who], 'search=hemlig.exempelby.se');
      expect(response.json(), who).toMatchObject([
        { id: cast.protectedPupil.id, email: cast.protectedPupil.email },
      ]);
      expectNoTraceOf(response, [cast.markedTeacher], who);
    }
  });
});

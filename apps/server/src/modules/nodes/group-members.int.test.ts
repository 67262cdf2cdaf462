import { protectedIdentityName, type GroupMembersResponse } from '@skolportalen/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerClientOf, buildUser, fullName, type TestUser } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import {
  buildProtectedCast,
  expectNoTraceOf,
  type ProtectedCast,
} from '../../../test/protected-people';

/**
 * `GET /node/{id}/members`: the class list of a group's own staff. A member
 * the reader may not see is a row "Skyddad identitet" with no id or role
 * (decision 0039), so the list still counts the whole class.
 */
let t: TestContext;
let cast: ProtectedCast;
let classTeacher: TestUser;
let teacherElsewhere: TestUser;
let rektor: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  cast = await buildProtectedCast(t);
  classTeacher = await buildUser(t, {
    role: 'role_teacher',
    school: cast.school,
    groups: [cast.klass],
    firstName: 'Karin',
    lastName: 'Klasslärare',
  });
  // The marked teacher teaches the class too: a protected member among the staff.
  await t.db.execute(
    `insert into user_nodes (user_id, node_id) values (${cast.markedTeacher.id}, ${cast.klass.id})`,
  );
  teacherElsewhere = await buildUser(t, { role: 'role_teacher', school: cast.school });
  rektor = await buildUser(t, { role: 'role_school_responsible', school: cast.school });
  admin = await buildUser(t, { role: 'role_admin' });
});
afterAll(() => t?.close());

async function membersAs(actor: TestUser, nodeId = cast.klass.id) {
  const client = await bearerClientOf(t, actor);
  return client('GET', `/api/core/v1/node/${nodeId}/members`);
}

describe('GET /node/{id}/members', () => {
  it('gives the class teacher the class, protected members as "Skyddad identitet" rows, last', async () => {
    const response = await membersAs(classTeacher);
    expect(response.statusCode, response.body).toBe(200);
    expectNoTraceOf(response, [cast.protectedPupil, cast.markedTeacher], 'the class list');
    const body = response.json() as GroupMembersResponse;
    expect(body.group).toEqual({ id: cast.klass.id, name: '3A', type: 'Klass' });
    expect(body.members).toEqual([
      {
        id: cast.classmate.id,
        name: fullName(cast.classmate),
        role: 'role_student',
        protected: false,
      },
      { id: classTeacher.id, name: fullName(classTeacher), role: 'role_teacher', protected: false },
      { id: null, name: protectedIdentityName, role: null, protected: true },
      { id: null, name: protectedIdentityName, role: null, protected: true },
    ]);
  });

  it('names protected members, marked, to the school’s rektor and an administrator', async () => {
    for (const reader of [rektor, admin]) {
      const response = await membersAs(reader);
      expect(response.statusCode, response.body).toBe(200);
      const members = (response.json() as GroupMembersResponse).members;
      expect(members).toHaveLength(4);
      expect(members).toContainEqual({
        id: cast.protectedPupil.id,
        name: fullName(cast.protectedPupil),
        role: 'role_student',
        protected: true,
      });
      expect(members).toContainEqual({
        id: cast.markedTeacher.id,
        name: fullName(cast.markedTeacher),
        role: 'role_teacher',
        protected: true,
      });
    }
  });

  it('refuses staff of other groups, pupils and guardians, in Swedish, and tells nothing', async () => {
    for (const reader of [teacherElsewhere, cast.classmate, cast.guardian]) {
      const response = await membersAs(reader);
      expect(response.statusCode, fullName(reader)).toBe(403);
      expect(response.json().message).toBe(
        'Du kan bara se medlemmarna i grupper som du själv arbetar i.',
      );
      expectNoTraceOf(response, [cast.protectedPupil, cast.classmate], fullName(reader));
    }
  });

  it('answers 404 for a group that does not exist, and 400 for an id that is none', async () => {
    expect((await membersAs(admin, 999_999)).statusCode).toBe(404);
    const client = await bearerClientOf(t, admin);
    const bad = await client('GET', '/api/core/v1/node/abc/members');
    expect(bad.statusCode).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerClientOf, buildUser, type TestUser } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import {
  buildProtectedCast,
  expectNamed,
  expectNoTraceOf,
  type ProtectedCast,
} from '../../../test/protected-people';

/**
 * A user's children, guardians and other accounts, as the administration
 * shows them with the user: a protected relative is left out for an actor
 * who may not see them (decision 0039), whoever the user opened is.
 */
let t: TestContext;
let cast: ProtectedCast;
/** A guardian with skyddad folkbokföring of the unmarked classmate. */
let protectedGuardian: TestUser;
let actors: Record<'teacherWithList' | 'adminWithoutTheRight' | 'rektor' | 'admin', TestUser>;

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  cast = await buildProtectedCast(t);
  protectedGuardian = await buildUser(t, {
    role: 'role_caretaker',
    guardianOf: [cast.classmate],
    username: 'hedda.skyddad',
    firstName: 'Hedda',
    lastName: 'Hemligsdotter',
    email: 'hedda.skyddad@hemlig.exempelby.se',
    securityMarking: 'Skyddad folkbokföring',
  });
  actors = {
    teacherWithList: await buildUser(t, { school: cast.school, capabilities: { user_list: true } }),
    adminWithoutTheRight: await buildUser(t, {
      role: 'role_admin',
      capabilities: { view_protected_identity: false },
    }),
    rektor: await buildUser(t, { role: 'role_school_responsible', school: cast.school }),
    admin: await buildUser(t, { role: 'role_admin' }),
  };
});
afterAll(() => t?.close());

async function open(actor: TestUser, person: TestUser) {
  const client = await bearerClientOf(t, actor);
  const response = await client('GET', `/api/core/v1/user/${person.id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

describe('the relations shown with a user', () => {
  it('leave out a protected child and a protected guardian for actors who may not see them', async () => {
    for (const who of ['teacherWithList', 'adminWithoutTheRight'] as const) {
      const guardian = await open(actors[who], cast.guardian);
      expect(guardian.json().children, who).toEqual([]);
      expectNoTraceOf(guardian, [cast.protectedPupil], `${who}: the guardian`);

      const classmate = await open(actors[who], cast.classmate);
      expect(classmate.json().guardians, who).toEqual([]);
      expectNoTraceOf(classmate, [protectedGuardian], `${who}: the classmate`);
    }
  });

  it('leave them out of the answer to a change as well', async () => {
    const client = await bearerClientOf(t, actors.adminWithoutTheRight);
    const response = await client('PUT', `/api/core/v1/user/${cast.guardian.id}`, {
      email: cast.guardian.email,
      firstName: cast.guardian.firstName,
      lastName: 'Vårdnadsdotter-Ek',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ lastName: 'Vårdnadsdotter-Ek', children: [] });
    expectNoTraceOf(response, [cast.protectedPupil], 'the changed guardian');
  });

  it('show them to the rektor of the child’s school and to an administrator', async () => {
    for (const who of ['rektor', 'admin'] as const) {
      const guardian = await open(actors[who], cast.guardian);
      expect(guardian.json().children, who).toMatchObject([{ id: cast.protectedPupil.id }]);
      expectNamed(guardian, cast.protectedPupil, who);
    }
    // The protected guardian belongs to no school: only an administrator sees her.
    const classmate = await open(actors.admin, cast.classmate);
    expect(classmate.json().guardians).toMatchObject([{ id: protectedGuardian.id }]);
    expectNamed(classmate, protectedGuardian);
    expect((await open(actors.rektor, cast.classmate)).json().guardians).toEqual([]);
  });
});

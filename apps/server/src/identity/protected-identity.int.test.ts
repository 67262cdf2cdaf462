import { protectedIdentityName } from '@skolportalen/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { buildClass, buildSchool, buildUser, type TestUser } from '../../test/factories';
import { rowsOf } from '../db/raw-rows';
import { loadAuthUser } from './auth-user.repo';
import {
  identityScopeOf,
  personColumns,
  personShown,
  relatedPersonIdsOf,
  shownField,
  shownName,
} from './protected-identity';

let t: TestContext;
let school: Awaited<ReturnType<typeof buildSchool>>;
let people: Record<string, TestUser>;

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  school = await buildSchool(t);
  const otherSchool = await buildSchool(t);
  const klass = await buildClass(t, { school });
  const protectedPupil = await buildUser(t, {
    role: 'role_student',
    class: klass,
    securityMarking: 'Skyddad folkbokföring',
  });
  const classmate = await buildUser(t, { role: 'role_student', class: klass });
  const guardian = await buildUser(t, { role: 'role_caretaker', guardianOf: [protectedPupil] });
  // A guardian who is also a teacher elsewhere: her teacher account is the same person.
  const guardianAsTeacher = await buildUser(t, {
    role: 'role_teacher',
    school: otherSchool,
    samePersonAs: guardian,
  });
  people = {
    protectedPupil,
    classmate,
    classmatesGuardian: await buildUser(t, { role: 'role_caretaker', guardianOf: [classmate] }),
    guardian,
    guardianAsTeacher,
    teacher: await buildUser(t, { role: 'role_teacher', school }),
    rektor: await buildUser(t, { role: 'role_school_responsible', school }),
    otherRektor: await buildUser(t, { role: 'role_school_responsible', school: otherSchool }),
    admin: await buildUser(t, { role: 'role_admin' }),
    adminWithoutTheRight: await buildUser(t, {
      role: 'role_admin',
      capabilities: { view_protected_identity: false },
    }),
    markedTeacher: await buildUser(t, {
      role: 'role_teacher',
      school,
      securityMarking: 'Sekretessmarkering',
    }),
  };
});
afterAll(() => t?.close());

/** Whom of the built people the actor sees, by name, and what the marked ones are called. */
async function seenBy(actor: TestUser) {
  const user = (await loadAuthUser(t.db, actor.id))!;
  const scope = await identityScopeOf(t.db, user);
  const u = personColumns('u');
  const person = { ...u, firstName: sql.raw('u.first_name'), lastName: sql.raw('u.last_name') };
  const ids = Object.values(people).map((p) => p.id);
  const rows = await rowsOf<{ id: number; shown: boolean; name: string; email: string | null }>(
    t.db,
    sql`select u.id, ${personShown(scope, u)} as shown, ${shownName(scope, person)} as name,
          ${shownField(scope, u, sql.raw('u.email'))} as email
        from users u where u.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return (who: keyof typeof people) => byId.get(people[who]!.id)!;
}

describe('who sees a person with a protected identity', () => {
  it('hides the protected pupil from a classmate, their guardian, a teacher and another school', async () => {
    for (const actor of ['classmate', 'classmatesGuardian', 'teacher', 'otherRektor'] as const) {
      const seen = await seenBy(people[actor]!);
      expect(seen('protectedPupil'), actor).toMatchObject({
        shown: false,
        name: protectedIdentityName,
        email: null,
      });
      // The unmarked stay as they are.
      expect(seen('classmate').shown, actor).toBe(true);
    }
  });

  it('shows the pupil to themselves, their guardian and the guardian’s other account', async () => {
    for (const actor of ['protectedPupil', 'guardian', 'guardianAsTeacher'] as const) {
      const seen = await seenBy(people[actor]!);
      expect(seen('protectedPupil'), actor).toMatchObject({
        shown: true,
        name: `${people.protectedPupil!.firstName} ${people.protectedPupil!.lastName}`,
        email: people.protectedPupil!.email,
      });
    }
    // …and the pupil sees their guardian.
    expect((await seenBy(people.protectedPupil!))('guardian').shown).toBe(true);
  });

  it('shows protected people to the rektor of their school and to administrators with the right', async () => {
    for (const actor of ['rektor', 'admin'] as const) {
      const seen = await seenBy(people[actor]!);
      expect(seen('protectedPupil').shown, actor).toBe(true);
      expect(seen('markedTeacher').shown, actor).toBe(true);
    }
    const withoutRight = await seenBy(people.adminWithoutTheRight!);
    expect(withoutRight('protectedPupil').shown).toBe(false);
    expect(withoutRight('markedTeacher').name).toBe(protectedIdentityName);
  });

  it('hides a teacher with a sekretessmarkering from colleagues and pupils', async () => {
    for (const actor of ['teacher', 'classmate', 'otherRektor'] as const) {
      expect((await seenBy(people[actor]!))('markedTeacher').shown, actor).toBe(false);
    }
    expect((await seenBy(people.markedTeacher!))('markedTeacher').shown).toBe(true);
  });
});

const byNumber = (a: number, b: number) => a - b;

describe('relatedPersonIdsOf', () => {
  it('gives the actor’s own accounts, children and guardians, for an administrator too', async () => {
    const related = async (who: keyof typeof people) =>
      (await relatedPersonIdsOf(t.db, (await loadAuthUser(t.db, people[who]!.id))!)).sort(byNumber);
    const { guardian, guardianAsTeacher, protectedPupil, admin, classmate } = people;
    expect(await related('guardianAsTeacher')).toEqual(
      [guardian!.id, guardianAsTeacher!.id, protectedPupil!.id].sort(byNumber),
    );
    expect(await related('protectedPupil')).toEqual(
      [guardian!.id, protectedPupil!.id].sort(byNumber),
    );
    expect(await related('classmate')).toEqual(
      [classmate!.id, people.classmatesGuardian!.id].sort(byNumber),
    );
    expect(await related('admin')).toEqual([admin!.id]);
    // An administrator who is a guardian: related to their child, though they see everyone anyway.
    const parentAdmin = await buildUser(t, { role: 'role_admin', guardianOf: [classmate!] });
    expect(
      (await relatedPersonIdsOf(t.db, (await loadAuthUser(t.db, parentAdmin.id))!)).sort(byNumber),
    ).toEqual([classmate!.id, parentAdmin.id].sort(byNumber));
  });
});

import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import {
  bearerClientOf,
  buildClass,
  buildSchool,
  buildUser,
  type TestNode,
  type TestUser,
} from './factories';
import type { TestContext } from './harness';

/**
 * A school with a pupil of class "3A" under skyddad folkbokföring and a
 * teacher with a sekretessmarkering (decision 0039), the pupil's guardian,
 * an unmarked classmate, and a second school. Names, usernames and e-mail
 * addresses are their own, so an answer that holds any of them is found out.
 */
export interface ProtectedCast {
  school: TestNode;
  otherSchool: TestNode;
  klass: TestNode;
  protectedPupil: TestUser;
  markedTeacher: TestUser;
  guardian: TestUser;
  classmate: TestUser;
}

export async function buildProtectedCast(t: Pick<TestContext, 'db'>): Promise<ProtectedCast> {
  const school = await buildSchool(t);
  const otherSchool = await buildSchool(t);
  const klass = await buildClass(t, { school, name: '3A' });
  const protectedPupil = await buildUser(t, {
    role: 'role_student',
    class: klass,
    username: 'sigrid.skyddad',
    firstName: 'Sigrid',
    lastName: 'Skyddadsson',
    email: 'sigrid.skyddad@hemlig.exempelby.se',
    securityMarking: 'Skyddad folkbokföring',
  });
  return {
    school,
    otherSchool,
    klass,
    protectedPupil,
    markedTeacher: await buildUser(t, {
      role: 'role_teacher',
      school,
      username: 'tove.sekretess',
      firstName: 'Tove',
      lastName: 'Sekretessdotter',
      email: 'tove.sekretess@hemlig.exempelby.se',
      securityMarking: 'Sekretessmarkering',
    }),
    guardian: await buildUser(t, {
      role: 'role_caretaker',
      guardianOf: [protectedPupil],
      username: 'gun.vardnad',
      firstName: 'Gun',
      lastName: 'Vårdnadsdotter',
    }),
    classmate: await buildUser(t, {
      role: 'role_student',
      class: klass,
      firstName: 'Klas',
      lastName: 'Kamratsson',
    }),
  };
}

/** What would give a person away: their names, username and e-mail address. */
export function tracesOf(person: TestUser): string[] {
  return [person.firstName, person.lastName, person.username, person.email].filter(
    (trace): trace is string => Boolean(trace),
  );
}

/** The whole answer as text: status line, headers and body. */
function answerText(response: LightMyRequestResponse) {
  return `${response.statusCode} ${JSON.stringify(response.headers)} ${response.body}`;
}

/** Nothing of the people in the answer, not in a header either. */
export function expectNoTraceOf(
  response: LightMyRequestResponse,
  people: TestUser[],
  what = 'the answer',
) {
  const text = answerText(response);
  for (const person of people) {
    for (const trace of tracesOf(person)) expect(text, `${trace} in ${what}`).not.toContain(trace);
  }
}

/** The person is in the answer by name. */
export function expectNamed(
  response: LightMyRequestResponse,
  person: TestUser,
  what = 'the answer',
) {
  expect(response.body, `${person.firstName} ${person.lastName} in ${what}`).toContain(
    `${person.firstName} ${person.lastName}`,
  );
}

/** The text holds nothing of the people: a file, a mail, what left the portal. */
export function expectNoTraceIn(text: string, people: TestUser[], what = 'the text') {
  for (const person of people) {
    for (const trace of tracesOf(person)) expect(text, `${trace} in ${what}`).not.toContain(trace);
  }
}

/**
 * Those around the cast who read about them: a colleague at the school
 * (without the right), the school's rektor (the right for its people), an
 * administrator (the right everywhere) and one denied the right.
 */
export interface Onlookers {
  teacher: TestUser;
  rektor: TestUser;
  admin: TestUser;
  adminWithoutTheRight: TestUser;
}

export async function buildOnlookers(
  t: Pick<TestContext, 'db'>,
  cast: ProtectedCast,
): Promise<Onlookers> {
  return {
    teacher: await buildUser(t, { role: 'role_teacher', school: cast.school }),
    rektor: await buildUser(t, { role: 'role_school_responsible', school: cast.school }),
    admin: await buildUser(t, { role: 'role_admin' }),
    adminWithoutTheRight: await buildUser(t, {
      role: 'role_admin',
      capabilities: { view_protected_identity: false },
    }),
  };
}

/** A client per person, each with an API key of its own (no sign-in round trips). */
export async function clientsOf<K extends string>(
  t: Pick<TestContext, 'app' | 'db'>,
  people: Record<K, TestUser>,
) {
  const entries = await Promise.all(
    Object.entries<TestUser>(people).map(
      async ([key, person]) => [key, await bearerClientOf(t, person)] as const,
    ),
  );
  return Object.fromEntries(entries) as Record<K, Awaited<ReturnType<typeof bearerClientOf>>>;
}

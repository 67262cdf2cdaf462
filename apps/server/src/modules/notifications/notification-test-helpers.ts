import { buildClass, buildSchool, buildUser, signIn, type TestUser } from '../../../test/factories';
import type { TestContext } from '../../../test/harness';
import { roleCategory } from '../../../test/tools-helpers';

/**
 * Class 3A of Ekbackens skola with its teacher Anna, pupils Elsa and a test
 * pupil, and the pupils' four guardians: Karin (guardian of both, with an
 * address), one with an address in capitals, one without an address and one
 * who has turned mail off. Olle in 5A of the same school has a guardian
 * account of Anna's, so the school reaches one guardian more than the class.
 */
export async function buildClassWithGuardians(t: TestContext) {
  const school = await buildSchool(t, { name: 'Ekbackens skola' });
  const class3A = await buildClass(t, { school, name: '3A' });
  const class5A = await buildClass(t, { school, name: '5A' });
  const anna = await buildUser(t, {
    class: class3A,
    username: 'anna.larsson',
    firstName: 'Anna',
    lastName: 'Larsson',
  });
  const pupil = (username: string, ownClass = class3A) =>
    buildUser(t, { role: 'role_student', class: ownClass, username, email: null });
  const elsa = await pupil('elsa.nilsson');
  const testPupil = await pupil('test.pupil');
  const olle = await pupil('olle.larsson', class5A);
  const guardian = (username: string, email: string | null, children: TestUser[]) =>
    buildUser(t, { role: 'role_caretaker', username, email, guardianOf: children });
  const karin = await guardian('karin.nilsson', 'karin.nilsson@example.org', [elsa, testPupil]);
  const withAddress = await guardian('test.guardian', 'Test.Guardian@Example.org', [testPupil]);
  const withoutAddress = await guardian('test.noaddress', null, [testPupil]);
  const optedOut = await guardian('test.optedout', 'optedout@example.org', [testPupil]);
  await buildUser(t, {
    role: 'role_caretaker',
    username: 'anna.larsson.vh',
    email: 'anna.larsson@example.org',
    guardianOf: [olle],
    samePersonAs: anna,
  });

  // Mail turned off the way a guardian turns it off: in the profile.
  const optOut = await t.app.inject({
    method: 'PUT',
    url: '/api/portal-service/v1/user/notification-settings',
    headers: { cookie: await signIn(t.app, optedOut) },
    payload: { email: false },
  });
  if (optOut.statusCode !== 200) throw new Error(`opting out: ${optOut.body}`);

  return {
    schoolId: school.id,
    classId: class3A.id,
    caretakerCategoryId: roleCategory.caretaker,
    studentCategoryId: roleCategory.student,
    people: { anna, elsa, karin },
    ids: {
      pupil: testPupil.id,
      withAddress: withAddress.id,
      withoutAddress: withoutAddress.id,
      optedOut: optedOut.id,
      karin: karin.id,
    },
  };
}

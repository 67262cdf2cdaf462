import { eq } from 'drizzle-orm';
import {
  buildClass,
  buildSchool,
  buildUser,
  type TestNode,
  type TestUser,
} from '../../../test/factories';
import type { TestContext } from '../../../test/harness';
import { users } from '../../db/schema';

export interface MustReadClass {
  school: TestNode;
  otherSchool: TestNode;
  classNode: TestNode;
  teacher: TestUser;
  /** The class's pupils, P1…P20. */
  pupils: TestUser[];
  /** Each pupil of the class with their enabled guardians. */
  guardiansOf: Map<number, TestUser[]>;
  /** The 35 enabled guardians of the class. */
  guardians: TestUser[];
  /** P20's second guardian, whose account is disabled. */
  disabledGuardian: TestUser;
  /** P7's second guardian, who has no e-mail address. */
  withoutAddress: TestUser;
}

/**
 * Class 4A of Ekbackens skola, 20 pupils and their 35 guardians: P1 and P2
 * are siblings sharing their two guardians, the first of whom has a child at
 * Lindängsskolan too; so are P3 and P4 (without a child elsewhere); P5…P19
 * have two guardians each, P5's and P6's first one with a child at
 * Lindängsskolan as well; P7's second guardian has no address; P20 has one
 * guardian, and a second whose account is disabled.
 */
export async function buildMustReadClass(t: TestContext): Promise<MustReadClass> {
  const school = await buildSchool(t, { name: 'Ekbackens skola' });
  const otherSchool = await buildSchool(t, { name: 'Lindängsskolan' });
  const classNode = await buildClass(t, { school, name: '4A' });
  const otherClass = await buildClass(t, { school: otherSchool, name: '7B' });
  const teacher = await buildUser(t, {
    role: 'role_teacher',
    class: classNode,
    firstName: 'Anna',
    lastName: 'Larsson',
  });
  const pupil = (name: string, inClass: TestNode) =>
    buildUser(t, { role: 'role_student', class: inClass, firstName: name, email: null });
  const pupils: TestUser[] = [];
  for (let n = 1; n <= 20; n += 1) pupils.push(await pupil(`Elev${n}`, classNode));
  const elsewhere: TestUser[] = [];
  for (let n = 1; n <= 3; n += 1) elsewhere.push(await pupil(`Annan${n}`, otherClass));

  const guardians: TestUser[] = [];
  const guardian = async (
    children: TestUser[],
    firstName: string,
    email: string | null | undefined = undefined,
  ) => {
    const made = await buildUser(t, {
      role: 'role_caretaker',
      guardianOf: children,
      firstName,
      lastName: 'Vårdnadshavare',
      ...(email === undefined ? {} : { email }),
    });
    guardians.push(made);
    return made;
  };
  const guardiansOf = new Map<number, TestUser[]>();
  const [p1, p2, p3, p4] = pupils as [TestUser, TestUser, TestUser, TestUser];
  const g1 = await guardian([p1, p2, elsewhere[0]!], 'G1');
  const g2 = await guardian([p1, p2], 'G2');
  const g3 = await guardian([p3, p4], 'G3');
  const g4 = await guardian([p3, p4], 'G4');
  guardiansOf.set(p1.id, [g1, g2]).set(p2.id, [g1, g2]).set(p3.id, [g3, g4]).set(p4.id, [g3, g4]);
  let withoutAddress: TestUser | undefined;
  for (let n = 5; n <= 19; n += 1) {
    const child = pupils[n - 1]!;
    const other = n === 5 ? [elsewhere[1]!] : n === 6 ? [elsewhere[2]!] : [];
    const first = await guardian([child, ...other], `G${n}a`);
    const second = await guardian([child], `G${n}b`, n === 7 ? null : undefined);
    if (n === 7) withoutAddress = second;
    guardiansOf.set(child.id, [first, second]);
  }
  const p20 = pupils[19]!;
  guardiansOf.set(p20.id, [await guardian([p20], 'G20')]);
  const disabledGuardian = await buildUser(t, {
    role: 'role_caretaker',
    guardianOf: [p20],
    firstName: 'Avstängd',
    lastName: 'Vårdnadshavare',
  });
  await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabledGuardian.id));
  return {
    school,
    otherSchool,
    classNode,
    teacher,
    pupils,
    guardiansOf,
    guardians,
    disabledGuardian,
    withoutAddress: withoutAddress!,
  };
}

/** The one-click link in a mail's text, if any. */
export function linkIn(text: string): string | undefined {
  return /\/bekrafta\/([A-Za-z0-9_-]{43})\b/.exec(text)?.[1];
}

/** Every one-click link in a mail's text. */
export function linksIn(text: string): string[] {
  return [...text.matchAll(/\/bekrafta\/([A-Za-z0-9_-]{43})\b/g)].map((match) => match[1]!);
}

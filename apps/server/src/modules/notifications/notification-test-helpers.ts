import { eq } from 'drizzle-orm';
import type { TestContext } from '../../../test/harness';
import {
  accountLinks,
  nodes,
  notificationSettings,
  roles,
  userNodes,
  userRoles,
  users,
} from '../../db/schema';
import { findUserIdByUsername } from '../../db/seed/demo-municipality';

/**
 * Class 3A with more guardians than the demo has: a second pupil whose
 * guardians are one with an address (in capitals), one without, and one who
 * has turned mail off; Karin is guardian of both 3A pupils.
 */
export async function seedClassWithGuardians(t: TestContext) {
  const [classNode] = await t.db
    .select({ id: nodes.id })
    .from(nodes)
    .where(eq(nodes.externalId, 'demo-ekbacken-3a'));
  const roleIds = new Map(
    (
      await t.db.select({ id: roles.id, key: roles.key, categoryId: roles.categoryId }).from(roles)
    ).map((role) => [role.key, role]),
  );
  const addUser = async (username: string, email: string | null, role: string) => {
    const [row] = await t.db
      .insert(users)
      .values({ uid: username, username, firstName: 'Test', lastName: username, email })
      .returning({ id: users.id });
    await t.db.insert(userRoles).values({ userId: row!.id, roleId: roleIds.get(role)!.id });
    return row!.id;
  };
  const pupil = await addUser('test.pupil', null, 'role_student');
  await t.db.insert(userNodes).values({ userId: pupil, nodeId: classNode!.id });
  const withAddress = await addUser('test.guardian', 'Test.Guardian@Example.org', 'role_caretaker');
  const withoutAddress = await addUser('test.noaddress', null, 'role_caretaker');
  const optedOut = await addUser('test.optedout', 'optedout@example.org', 'role_caretaker');
  await t.db.insert(notificationSettings).values({ userId: optedOut, email: false });
  const karin = (await findUserIdByUsername(t.db, 'karin.nilsson'))!;
  for (const guardian of [withAddress, withoutAddress, optedOut, karin]) {
    await t.db
      .insert(accountLinks)
      .values({ userId: guardian, relatedUserId: pupil, relation: 'child' });
  }
  return {
    classId: classNode!.id,
    caretakerCategoryId: roleIds.get('role_caretaker')!.categoryId!,
    studentCategoryId: roleIds.get('role_student')!.categoryId!,
    ids: { pupil, withAddress, withoutAddress, optedOut, karin },
  };
}

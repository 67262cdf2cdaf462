import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClass, buildSchool, buildTeachingGroup, buildUser } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { loadAudience } from './audience.repo';

let t: TestContext;
let pupil: number;
let caretaker: number;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  const school = await buildSchool(t, { name: 'Ekbackens skola' });
  const ownClass = await buildClass(t, { school, name: '3A' });
  const groups = [
    await buildTeachingGroup(t, { class: ownClass, name: 'Matematik 3A' }),
    await buildTeachingGroup(t, { class: ownClass, name: 'Svenska 3A' }),
  ];
  const child = await buildUser(t, { role: 'role_student', class: ownClass, groups });
  pupil = child.id;
  caretaker = (await buildUser(t, { role: 'role_caretaker', guardianOf: [child] })).id;
});
afterAll(() => t.close());

describe('loadAudience', () => {
  it('holds the user’s groups, every group above them and the role category', async () => {
    const audience = await loadAudience(t.db, pupil);
    const names = await t.database.db.query.nodes.findMany({
      where: (node, { inArray }) => inArray(node.id, audience.nodeIds),
    });
    expect(names.map((node) => node.name).sort()).toEqual(
      ['3A', 'Ekbackens skola', 'Exempelby kommun', 'Matematik 3A', 'Svenska 3A'].sort(),
    );
    expect(audience.categoryIds).toEqual([4]);
  });

  it('a guardian has the municipality-wide role category and no groups', async () => {
    expect(await loadAudience(t.db, caretaker)).toEqual({
      userId: caretaker,
      nodeIds: [],
      categoryIds: [5],
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { findUserIdByUsername } from '../../db/seed/demo-municipality';
import { loadAudience } from './audience.repo';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('loadAudience', () => {
  it('holds the user’s groups, every group above them and the role category', async () => {
    const elsa = (await findUserIdByUsername(t.db, 'elsa.nilsson'))!;
    const audience = await loadAudience(t.db, elsa);
    const names = await t.database.db.query.nodes.findMany({
      where: (node, { inArray }) => inArray(node.id, audience.nodeIds),
    });
    expect(names.map((node) => node.name).sort()).toEqual(
      ['3A', 'Ekbackens skola', 'Exempelby kommun', 'Matematik 3A', 'Svenska 3A'].sort(),
    );
    expect(audience.categoryIds).toEqual([4]);
  });

  it('a guardian has the municipality-wide role category and no groups', async () => {
    const karin = (await findUserIdByUsername(t.db, 'karin.nilsson'))!;
    expect(await loadAudience(t.db, karin)).toEqual({
      userId: karin,
      nodeIds: [],
      categoryIds: [5],
    });
  });
});

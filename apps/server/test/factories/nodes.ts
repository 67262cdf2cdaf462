import { ids } from '@skolportalen/shared';
import { nodes } from '../../src/db/schema';
import type { TestContext } from '../harness';

/** A group of the municipality's tree, as the factories made it. */
export interface TestNode {
  id: number;
  name: string;
  type: string;
  parentId: number;
  /** The node above, when the factories made it. */
  parent?: TestNode;
}

let made = 0;
/** Names and external ids unique across every file that shares a worker. */
const nextNumber = () => (made += 1);

/**
 * A node of the groups tree under `parent`, written as the school-data
 * import writes one: the groups category, an external id of its own.
 */
export async function buildNode(
  t: Pick<TestContext, 'db'>,
  values: { name: string; type: string; parent: TestNode | number; main?: boolean; value?: string },
): Promise<TestNode> {
  const parentId = typeof values.parent === 'number' ? values.parent : values.parent.id;
  const [row] = await t.db
    .insert(nodes)
    .values({
      name: values.name,
      type: values.type,
      parentId,
      value: values.value ?? null,
      main: values.main ?? false,
      categoryId: ids.groupCategoryId,
      externalId: `test-node-${nextNumber()}-${process.pid}`,
    })
    .returning({ id: nodes.id });
  return {
    id: row!.id,
    name: values.name,
    type: values.type,
    parentId,
    ...(typeof values.parent === 'number' ? {} : { parent: values.parent }),
  };
}

/** A school unit right under the municipality. */
export async function buildSchool(t: Pick<TestContext, 'db'>, options: { name?: string } = {}) {
  return buildNode(t, {
    name: options.name ?? `Testskolan ${nextNumber()}`,
    type: 'Skolenhet',
    parent: ids.municipalityNodeId,
  });
}

/** A class of a school: the main group of its pupils. */
export async function buildClass(
  t: Pick<TestContext, 'db'>,
  options: { school: TestNode; name?: string },
) {
  return buildNode(t, {
    name: options.name ?? `Klass ${nextNumber()}`,
    type: 'Klass',
    parent: options.school,
    main: true,
  });
}

/** A teaching group of a class. */
export async function buildTeachingGroup(
  t: Pick<TestContext, 'db'>,
  options: { class: TestNode; name?: string },
) {
  return buildNode(t, {
    name: options.name ?? `Undervisningsgrupp ${nextNumber()}`,
    type: 'Undervisning',
    parent: options.class,
  });
}

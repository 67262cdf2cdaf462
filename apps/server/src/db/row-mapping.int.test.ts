import { getTableColumns, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { mappedOnce } from './row-mapping';
import { nodes, users } from './schema';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(() => t.close());

/** A select like the posts lists': a table's columns under a key, expressions beside them. */
function select(db: TestContext['db']) {
  return db
    .select({
      user: getTableColumns(users),
      nested: {
        name: users.firstName,
        at: sql`timestamptz '2026-12-07 07:45:00+01'`.mapWith(users.disabledAt),
      },
      doubled: sql<number>`${users.id} * 2`.mapWith(Number),
      asText: sql<string>`${users.id}::text`,
      nothing: sql<number | null>`null::int`.mapWith(Number),
      ids: sql<number[]>`array[${users.id}, 1]`,
    })
    .from(users)
    .where(sql`${users.id} = any(${sql.placeholder('ids')}::int[])`);
}

describe('a prepared select mapped by a function made for its columns', () => {
  it('gives the rows drizzle gives: the same keys in the same order, dates, numbers and nulls', async () => {
    const some = await t.db.select({ id: users.id }).from(users).limit(20);
    expect(some.length).toBeGreaterThan(5);
    const ids = `{${some.map((row) => row.id).join(',')}}`;
    const byDrizzle = await select(t.db).prepare('row_mapping_by_drizzle').execute({ ids });
    const byOwn = await mappedOnce(select(t.db).prepare('row_mapping_own')).execute({ ids });
    expect(byOwn).toEqual(byDrizzle);
    expect(byOwn.map((row) => JSON.stringify(row))).toEqual(
      byDrizzle.map((row) => JSON.stringify(row)),
    );
    const [first] = byOwn;
    expect(first!.nested.at).toBeInstanceOf(Date);
    expect(first!.doubled).toBe(first!.user.id * 2);
    expect(first!.nothing).toBeNull();
  });

  it('leaves a select with a left join as drizzle maps it: a missing row becomes null', async () => {
    const joined = () =>
      t.db
        .select({ user: { id: users.id }, node: { id: nodes.id, name: nodes.name } })
        .from(users)
        .leftJoin(nodes, sql`false`)
        .limit(3);
    const byDrizzle = await joined().prepare('row_mapping_join_drizzle').execute();
    const byOwn = await mappedOnce(joined().prepare('row_mapping_join_own')).execute();
    expect(byOwn).toEqual(byDrizzle);
    expect(byOwn[0]!.node).toBeNull();
  });
});

import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

export interface Reference {
  table: string;
  column: string;
  count: number;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Every row of any table that points at the record through a foreign key,
 * found from the database's own catalogue: tables other areas add later (posts
 * and tools aimed at a group, say) are counted without this code knowing them.
 */
export async function referencesTo(
  db: Executor,
  table: 'nodes' | 'categories',
  id: number,
): Promise<Reference[]> {
  const keys = rowsOf<{ table: string; column: string }>(
    await db.execute(sql`
      select cl.relname as "table", att.attname as "column"
      from pg_constraint c
      join pg_class cl on cl.oid = c.conrelid
      join pg_attribute att on att.attrelid = c.conrelid and att.attnum = c.conkey[1]
      where c.contype = 'f' and c.confrelid = to_regclass(${table}) and cardinality(c.conkey) = 1
      order by 1, 2`),
  );
  if (keys.length === 0) return [];
  const counts = sql.join(
    keys.map(
      (key) =>
        sql`select ${key.table}::text as "table", ${key.column}::text as "column", count(*)::int as "count" from ${sql.identifier(key.table)} where ${sql.identifier(key.column)} = ${id}`,
    ),
    sql` union all `,
  );
  return rowsOf<Reference>(await db.execute(counts)).filter((reference) => reference.count > 0);
}

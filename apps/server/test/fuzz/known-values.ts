import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { rowsOf } from '../../src/db/raw-rows';
import { demoPassword } from '../../src/db/seed/demo-data';
import type { KnownValues } from './schema-values';

/**
 * Ids, keys and names that exist in the seeded database: valid requests
 * drawn from them reach real records instead of stopping at 404.
 */
export async function collectKnownValues(db: Database): Promise<KnownValues> {
  const columns = await rowsOf<{ table: string; column: string; type: string }>(
    db,
    sql`select table_name as table, column_name as column, data_type as type
        from information_schema.columns
        where table_schema = current_schema()
          and column_name in ('id', 'key', 'username', 'uid', 'node_id', 'link_id', 'site_id', 'filename')
          and table_name <> 'zz_write_journal'
        order by table_name, column_name`,
  );
  const ids = new Set<number>();
  const strings = new Set<string>([demoPassword]);
  for (const { table, column, type } of columns) {
    const rows = await rowsOf<{ value: unknown }>(
      db,
      sql.raw(`select "${column}" as value from "${table}" order by 1 limit 40`),
    );
    for (const { value } of rows) {
      if (value === null || value === undefined) continue;
      if (type === 'integer' || type === 'bigint') ids.add(Number(value));
      else strings.add(String(value));
    }
  }
  return {
    ids: [...ids].sort((a, b) => a - b),
    strings: [...strings].sort(),
  };
}

import type { SQL } from 'drizzle-orm';
import type { Executor } from './client';

/** Rows of a raw SQL query: both drivers answer with `{ rows }`. */
export async function rowsOf<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

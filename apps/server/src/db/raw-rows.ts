import type { SQL } from 'drizzle-orm';
import type { Executor } from './client';

/** Rows of a raw SQL query: both drivers answer with `{ rows }`. */
export async function rowsOf<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * A list of ids as one array value (`= any(${intArrayParam(ids)}::int[])`):
 * the statement's text is the same for any number of ids, so a named
 * statement is planned once rather than once per list length.
 */
export const intArrayParam = (ids: readonly number[]) =>
  `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

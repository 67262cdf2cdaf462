/**
 * The rows of a raw `db.execute` result. Both drivers (pg and PGlite) answer
 * with `{ rows }`, but the shared Database type cannot know which one runs.
 */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

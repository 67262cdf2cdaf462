import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import type { SqlExecutor } from '../db/job-queue-schema';
import { rowsOf } from '../db/raw-rows';

/** pg-boss writes `$1`, `$2`…; drizzle numbers its own parameters, so each becomes one. */
export function toDrizzleSql(text: string, values: readonly unknown[] = []): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)));
    const index = Number(match[1]) - 1;
    if (index < 0 || index >= values.length) throw new Error(`missing SQL parameter $${index + 1}`);
    // An undefined value would vanish from the text; pg-boss means NULL by it.
    chunks.push(sql`${sql.param(values[index] ?? null)}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

/**
 * Lets pg-boss write inside a caller's transaction, so a job is queued if and
 * only if the work that asked for it commits (the transactional outbox).
 */
export function transactionExecutor(tx: Executor): SqlExecutor {
  return {
    executeSql: async (text, values) => ({ rows: await rowsOf(tx, toDrizzleSql(text, values)) }),
  };
}

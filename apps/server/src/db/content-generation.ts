import { eq } from 'drizzle-orm';
import type { Executor } from './client';
import { cacheGenerations } from './schema';

/**
 * The one "content changed" counter (migration 0015): triggers raise it at
 * the commit of every transaction that writes posts, their targets, the
 * feed table, media, comments or accounts, whichever instance or job wrote.
 * A cache entry that depends on content carries it in its key.
 */
export async function contentGeneration(db: Executor): Promise<string> {
  const [row] = await db
    .select({ value: cacheGenerations.value })
    .from(cacheGenerations)
    .where(eq(cacheGenerations.scope, 'content'));
  return String(row?.value ?? '0');
}

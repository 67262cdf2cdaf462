import type { CacheItem, CacheProvider } from '@node-saml/node-saml';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { samlRequests } from '../../db/schema';

/** How long an AuthnRequest may wait for its answer. */
export const requestLifetimeMs = 10 * 60 * 1000;

/**
 * Stores the ids of AuthnRequests in the database rather than in process
 * memory, so any instance can check the InResponseTo of a response, once.
 */
export function databaseRequestCache(db: Database): CacheProvider {
  const freshSince = () => new Date(Date.now() - requestLifetimeMs);
  return {
    async saveAsync(key: string, value: string): Promise<CacheItem | null> {
      await db.delete(samlRequests).where(lt(samlRequests.createdAt, freshSince()));
      const inserted = await db
        .insert(samlRequests)
        .values({ id: key, value })
        .onConflictDoNothing()
        .returning();
      const row = inserted[0];
      return row ? { value: row.value, createdAt: row.createdAt.getTime() } : null;
    },
    async getAsync(key: string): Promise<string | null> {
      const [row] = await db
        .select({ value: samlRequests.value })
        .from(samlRequests)
        .where(and(eq(samlRequests.id, key), gt(samlRequests.createdAt, freshSince())));
      return row?.value ?? null;
    },
    async removeAsync(key: string | null): Promise<string | null> {
      if (!key) return null;
      const [row] = await db.delete(samlRequests).where(eq(samlRequests.id, key)).returning();
      return row?.value ?? null;
    },
  };
}

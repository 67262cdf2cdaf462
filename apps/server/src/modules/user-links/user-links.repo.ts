import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { userLinks, users } from '../../db/schema';

export async function userExists(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return row !== undefined;
}

/** Adds an optional tool to the user's list, keeping any position it already had. */
export async function chooseLink(db: Executor, userId: number, linkId: number) {
  await db
    .insert(userLinks)
    .values({ userId, linkId, chosen: true })
    .onConflictDoUpdate({
      target: [userLinks.userId, userLinks.linkId],
      set: { chosen: true },
    });
}

export async function unchooseLink(db: Executor, userId: number, linkId: number) {
  await db.delete(userLinks).where(and(eq(userLinks.userId, userId), eq(userLinks.linkId, linkId)));
}

/**
 * Gives the listed tools positions 0, 1, 2… A standard tool gets a row that
 * only remembers its place (`chosen` false); tools left out lose their place
 * and follow in the administrators' order.
 */
export async function writeOrder(db: Executor, userId: number, linkIds: readonly number[]) {
  await db
    .insert(userLinks)
    .values(linkIds.map((linkId, index) => ({ userId, linkId, sort: index, chosen: false })))
    .onConflictDoUpdate({
      target: [userLinks.userId, userLinks.linkId],
      set: { sort: sql`excluded.sort` },
    });
  await db
    .update(userLinks)
    .set({ sort: null })
    .where(and(eq(userLinks.userId, userId), notInArray(userLinks.linkId, [...linkIds])));
}

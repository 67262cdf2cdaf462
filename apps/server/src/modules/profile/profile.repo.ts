import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { nodes, userInterests, userSettings, users } from '../../db/schema';

/** The node type of a school unit in the groups tree. */
export const schoolUnitType = 'Skolenhet';

export async function schoolUnitsAmong(db: Executor, nodeIds: readonly number[]) {
  if (nodeIds.length === 0) return [];
  return db
    .select()
    .from(nodes)
    .where(and(inArray(nodes.id, [...nodeIds]), eq(nodes.type, schoolUnitType)))
    .orderBy(asc(nodes.name), asc(nodes.id));
}

export async function mainSchoolOf(db: Executor, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ nodeId: userSettings.mainSchoolNodeId })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return row?.nodeId ?? null;
}

export async function saveMainSchool(db: Executor, userId: number, nodeId: number) {
  await db
    .insert(userSettings)
    .values({ userId, mainSchoolNodeId: nodeId })
    .onConflictDoUpdate({
      target: userSettings.userId,
      set: { mainSchoolNodeId: nodeId, updatedAt: sql`now()` },
    });
}

export async function interestsOf(db: Executor, userId: number) {
  return db
    .select({ node: nodes })
    .from(userInterests)
    .innerJoin(nodes, eq(nodes.id, userInterests.nodeId))
    .where(eq(userInterests.userId, userId))
    .orderBy(asc(nodes.name), asc(nodes.id));
}

export async function replaceInterests(db: Executor, userId: number, nodeIds: readonly number[]) {
  // Two replacements at once for the same person would both delete nothing the other can see
  // and then insert the same rows: the person's row is locked so they take turns.
  await db.execute(sql`select id from users where id = ${userId} for update`);
  await db.delete(userInterests).where(eq(userInterests.userId, userId));
  if (nodeIds.length) {
    await db.insert(userInterests).values(nodeIds.map((nodeId) => ({ userId, nodeId })));
  }
}

export async function findUserRow(db: Executor, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

export async function updateUserDetails(
  db: Executor,
  userId: number,
  values: { email: string; firstName: string; lastName: string },
) {
  await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** The reader's language, or only the mark that they were asked. */
export async function saveOwnLanguage(db: Executor, userId: number, language: string | undefined) {
  await db
    .update(users)
    .set({
      ...(language === undefined ? {} : { preferredLanguage: language }),
      languageAskedAt: sql`coalesce(${users.languageAskedAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
}

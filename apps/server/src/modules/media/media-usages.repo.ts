import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { mediaUsages } from '../../db/schema';

/**
 * The seam other modules use to say which media their records show (see
 * docs/decisions/0005-media-usages.md). Call it inside the transaction that
 * saves the record; a media item with usages cannot be deleted.
 */
export async function setMediaUsages(
  db: Executor,
  entity: { type: string; id: string | number },
  mediaIds: readonly number[],
) {
  const entityId = String(entity.id);
  await db
    .delete(mediaUsages)
    .where(and(eq(mediaUsages.entityType, entity.type), eq(mediaUsages.entityId, entityId)));
  const unique = [...new Set(mediaIds)];
  if (unique.length === 0) return;
  await db
    .insert(mediaUsages)
    .values(unique.map((mediaId) => ({ mediaId, entityType: entity.type, entityId })))
    .onConflictDoNothing();
}

/** Forgets every usage of a record, e.g. when the record is deleted. */
export async function clearMediaUsages(
  db: Executor,
  entity: { type: string; id: string | number },
) {
  await setMediaUsages(db, entity, []);
}

/** How many records of each kind use a media item. */
export async function usageCountsByType(db: Executor, mediaId: number) {
  return db
    .select({ entityType: mediaUsages.entityType, count: sql<number>`count(*)::int` })
    .from(mediaUsages)
    .where(eq(mediaUsages.mediaId, mediaId))
    .groupBy(mediaUsages.entityType)
    .orderBy(mediaUsages.entityType);
}

/** Usage totals for several media items at once (for lists). */
export async function usageTotals(db: Executor, mediaIds: readonly number[]) {
  if (mediaIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ mediaId: mediaUsages.mediaId, count: sql<number>`count(*)::int` })
    .from(mediaUsages)
    .where(inArray(mediaUsages.mediaId, [...mediaIds]))
    .groupBy(mediaUsages.mediaId);
  return new Map(rows.map((row) => [row.mediaId, row.count]));
}

import {
  mediaMimeTypes,
  type MediaListQuery,
  type MediaResponse,
  type mediaSortColumns,
  type SortTerm,
} from '@skolportalen/shared';
import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import { categories, media, type StoredRendition } from '../../db/schema';
import { likePattern } from '../nodes/nodes.repo';
import { usageTotals } from './media-usages.repo';

export type MediaRow = typeof media.$inferSelect;

/** Where the portal serves a stored file (spec §7: "Media files are served under /media/"). */
export function mediaFileUrl(filename: string) {
  return `/media/${filename}`;
}

const presentRendition = (rendition: StoredRendition) => ({
  url: mediaFileUrl(rendition.filename),
  width: rendition.width,
  height: rendition.height,
});

/** An image's webp copies as clients get them, each at its address; null for a pdf. */
export function presentRenditions(renditions: MediaRow['renditions']) {
  return renditions
    ? { thumb: presentRendition(renditions.thumb), card: presentRendition(renditions.card) }
    : null;
}

export function presentMedia(
  row: MediaRow,
  usageCount: number,
  can: MediaResponse['can'],
): MediaResponse {
  return {
    id: row.id,
    title: row.title,
    alt: row.alt,
    categoryId: row.categoryId,
    fileType: row.fileType,
    mimeType: mediaMimeTypes[row.fileType],
    filename: row.filename,
    url: mediaFileUrl(row.filename),
    originalName: row.originalName,
    size: row.size,
    width: row.width,
    height: row.height,
    renditions: presentRenditions(row.renditions),
    pdfTagged: row.pdfTagged,
    usageCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    can,
  };
}

/** Every stored file of an item: the original and its renditions. */
export function storedFilesOf(row: Pick<MediaRow, 'filename' | 'renditions'>): string[] {
  const renditions = row.renditions ? Object.values(row.renditions) : [];
  return [row.filename, ...renditions.map((rendition) => rendition.filename)];
}

const sortColumns = {
  id: media.id,
  title: media.title,
  created: media.createdAt,
  updated: media.updatedAt,
  size: media.size,
} satisfies Record<(typeof mediaSortColumns)[number], unknown>;

export async function listMedia(
  db: Executor,
  query: MediaListQuery,
  sort: SortTerm<(typeof mediaSortColumns)[number]>[],
) {
  const conditions: SQL[] = [];
  if (query.categoryId?.length) conditions.push(inArray(media.categoryId, query.categoryId));
  if (query.fileType?.length) conditions.push(inArray(media.fileType, query.fileType));
  if (query.search) conditions.push(ilike(media.title, likePattern(query.search)));
  if (query.filename?.length) conditions.push(inArray(media.filename, query.filename));
  const where = conditions.length ? and(...conditions) : undefined;

  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(media)
      .where(where)
      .orderBy(
        ...sort.map((term) => (term.direction === 'ASC' ? asc : desc)(sortColumns[term.column])),
        desc(media.id),
      )
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ value: count() }).from(media).where(where),
  ]);
  const usages = await usageTotals(
    db,
    rows.map((row) => row.id),
  );
  return {
    rows: rows.map((row) => ({ row, usageCount: usages.get(row.id) ?? 0 })),
    total: total?.value ?? 0,
  };
}

export async function findMedia(db: Executor, id: number) {
  const [row] = await db.select().from(media).where(eq(media.id, id));
  return row ?? null;
}

export async function findMediaForUpdate(db: Executor, id: number) {
  const [row] = await db.select().from(media).where(eq(media.id, id)).for('update');
  return row ?? null;
}

/**
 * Reads an item for a record about to use it, holding it until the transaction
 * ends so a concurrent delete waits and then sees the new usage.
 */
export async function findMediaForUse(db: Executor, id: number) {
  const [row] = await db.select().from(media).where(eq(media.id, id)).for('share');
  return row ?? null;
}

/** Several items at once, by id (for lists of records that show them). */
export async function findMediaByIds(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, MediaRow>();
  const rows = await db
    .select()
    .from(media)
    .where(inArray(media.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The smallest stored copy of an image: its thumbnail rendition, else the original. */
export function smallestImageOf(row: MediaRow) {
  if (row.renditions) return presentRendition(row.renditions.thumb);
  return { url: mediaFileUrl(row.filename), width: row.width ?? 0, height: row.height ?? 0 };
}

export async function findByFilename(db: Executor, filename: string) {
  const [row] = await db.select().from(media).where(eq(media.filename, filename));
  return row ?? null;
}

export async function findMediaCategory(db: Executor, id: number) {
  const [row] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.id, id), eq(categories.type, 'media')));
  return row ?? null;
}

export async function insertMedia(db: Executor, values: typeof media.$inferInsert) {
  const [row] = await db.insert(media).values(values).returning();
  return row!;
}

export async function updateMedia(
  db: Executor,
  id: number,
  values: Pick<MediaRow, 'title' | 'alt'>,
) {
  const [row] = await db
    .update(media)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(media.id, id))
    .returning();
  return row ?? null;
}

export async function deleteMedia(db: Executor, id: number) {
  await db.delete(media).where(eq(media.id, id));
}

/** Which of these stored names a media row holds, as its file or one of its renditions. */
export async function referencedMediaFiles(db: Executor, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const list = sql.join(
    names.map((name) => sql`${name}`),
    sql`, `,
  );
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select filename as name from media where filename in (${list})
        union
        select rendition->>'filename' from media, jsonb_each(coalesce(renditions, '{}'::jsonb)) as r(use, rendition)
        where rendition->>'filename' in (${list})`,
  );
  return new Set(rows.map((row) => row.name));
}

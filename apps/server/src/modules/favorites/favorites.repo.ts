import type { favoriteSortColumns, SortTerm } from '@skolportalen/shared';
import { and, count, eq, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsTogether } from '../../db/together';
import { favorites } from '../../db/schema';

export type FavoriteRow = typeof favorites.$inferSelect;
export type FavoriteSortColumn = (typeof favoriteSortColumns)[number];

const sortColumns = {
  sort: favorites.sort,
  updated: favorites.updatedAt,
  created: favorites.createdAt,
  name: favorites.name,
  id: favorites.id,
} satisfies Record<FavoriteSortColumn, unknown>;

/** Only the owner's favourites: another user's id is simply not found. */
const owned = (userId: number, favoriteId: number) =>
  and(eq(favorites.id, favoriteId), eq(favorites.userId, userId));

/**
 * One page and the total in one read, with the person's other reads in this
 * turn (a teacher's first page also asks for "Mina dokument"): one
 * statement, planned once per connection and sort order. Each row carries
 * the total and its place in the order, since JSON keeps no order of its own.
 */
export async function listFavorites(
  db: Executor,
  userId: number,
  sort: readonly SortTerm<FavoriteSortColumn>[],
  page: { page: number; perPage: number },
) {
  const order = sql.join(
    [
      ...sort.map(
        (term) =>
          sql`${sortColumns[term.column]} ${sql.raw(term.direction === 'ASC' ? 'asc' : 'desc')}`,
      ),
      sql`${favorites.id} desc`,
    ],
    sql`, `,
  );
  const listed = await rowsTogether<{
    id: number;
    userId: number;
    name: string;
    url: string;
    sort: number;
    createdAt: string;
    updatedAt: string;
    total: number;
    position: number;
  }>(
    db,
    userId,
    sql`select ${favorites.id} as id, ${favorites.userId} as "userId", ${favorites.name} as name,
               ${favorites.url} as url, ${favorites.sort} as sort,
               ${favorites.createdAt} as "createdAt", ${favorites.updatedAt} as "updatedAt",
               count(*) over () as total, row_number() over (order by ${order}) as position
          from ${favorites}
         where ${favorites.userId} = ${userId}
         order by ${order}
         limit ${page.perPage} offset ${(page.page - 1) * page.perPage}`,
  );
  const rows: FavoriteRow[] = listed
    .sort((a, b) => Number(a.position) - Number(b.position))
    .map((row) => ({
      id: Number(row.id),
      userId: Number(row.userId),
      name: row.name,
      url: row.url,
      sort: Number(row.sort),
      createdAt: new Date(row.createdAt),
      updatedAt: new Date(row.updatedAt),
    }));
  if (listed.length > 0 || page.page === 1) return { rows, total: Number(listed[0]?.total ?? 0) };
  // A page past the end has no row to carry the total.
  const [total] = await db
    .select({ value: count() })
    .from(favorites)
    .where(eq(favorites.userId, userId));
  return { rows, total: total?.value ?? 0 };
}

export async function findFavorite(db: Executor, userId: number, favoriteId: number) {
  const [row] = await db.select().from(favorites).where(owned(userId, favoriteId));
  return row;
}

/** The next favourite goes on top: one above the highest sort the user has. */
export async function nextSort(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ value: max(favorites.sort) })
    .from(favorites)
    .where(eq(favorites.userId, userId));
  return (row?.value ?? -1) + 1;
}

export async function insertFavorite(
  db: Executor,
  values: { userId: number; name: string; url: string; sort: number },
) {
  const [row] = await db.insert(favorites).values(values).returning();
  return row!;
}

export async function updateFavorite(
  db: Executor,
  userId: number,
  favoriteId: number,
  values: Partial<Pick<FavoriteRow, 'name' | 'url' | 'sort'>>,
) {
  const [row] = await db
    .update(favorites)
    .set({ ...values, updatedAt: sql`now()` })
    .where(owned(userId, favoriteId))
    .returning();
  return row;
}

export async function deleteFavorite(db: Executor, userId: number, favoriteId: number) {
  const rows = await db
    .delete(favorites)
    .where(owned(userId, favoriteId))
    .returning({ id: favorites.id });
  return rows.length > 0;
}

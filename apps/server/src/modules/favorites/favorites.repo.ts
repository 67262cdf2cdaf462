import type { favoriteSortColumns, SortTerm } from '@skolportalen/shared';
import { and, asc, count, desc, eq, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
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

function prepareList(db: Executor, sort: readonly SortTerm<FavoriteSortColumn>[], name: string) {
  return db
    .select({ favorite: favorites, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(favorites)
    .where(eq(favorites.userId, sql.placeholder('user')))
    .orderBy(
      ...sort.map((term) => (term.direction === 'ASC' ? asc : desc)(sortColumns[term.column])),
      desc(favorites.id),
    )
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name);
}

const preparedLists = new WeakMap<Executor, Map<string, ReturnType<typeof prepareList>>>();

/**
 * One page and the total in one statement, prepared per sort order: the
 * header asks for it on every page, so it is planned once per connection.
 */
export async function listFavorites(
  db: Executor,
  userId: number,
  sort: readonly SortTerm<FavoriteSortColumn>[],
  page: { page: number; perPage: number },
) {
  const name = `favorites_page_${sort.map((term) => `${term.column}_${term.direction}`).join('_')}`;
  let lists = preparedLists.get(db);
  if (!lists) preparedLists.set(db, (lists = new Map()));
  let list = lists.get(name);
  if (!list) lists.set(name, (list = prepareList(db, sort, name)));
  const found = await list.execute({
    user: userId,
    limit: page.perPage,
    offset: (page.page - 1) * page.perPage,
  });
  const rows = found.map((item) => item.favorite);
  if (found.length > 0 || page.page === 1) return { rows, total: found[0]?.total ?? 0 };
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

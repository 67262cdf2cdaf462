import { canFlags, rule } from '../../identity/authorize';

/** Whom a favourite's rules ask about: a reader, known by their account id. */
interface Reader {
  id: number;
}

/**
 * A favourite is its owner's alone: the queries read and change only the
 * caller's own, so anyone else's answers 404 as if it did not exist.
 */
const ownFavorite = rule<{ userId: number }, Reader>(
  (reader, favorite) => favorite.userId === reader.id,
);

export const favoritesPolicy = { edit: ownFavorite, delete: ownFavorite };

/** The `can` flags of a favourite, asked for its owner, the only reader it ever has. */
export function favoritePermissions(favorite: { userId: number }) {
  return canFlags({ id: favorite.userId }, favoritesPolicy, favorite);
}

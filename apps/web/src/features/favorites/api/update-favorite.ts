import type { FavoriteResponse, FavoriteUpdate } from '@skolportalen/shared';
import { favoriteEndpoints } from '@skolportalen/shared/endpoints/favorites';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { favoriteKeys } from './favorites';

export function updateFavorite({ id, values }: { id: number; values: FavoriteUpdate }) {
  return call(favoriteEndpoints.update, { params: { id }, body: values, throwOnError: true });
}

export function useUpdateFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFavorite,
    onSettled: () => queryClient.invalidateQueries({ queryKey: favoriteKeys.all }),
  });
}

/**
 * Moves one favourite: the list is shown highest `sort` first, so the new
 * order gets sorts n-1 … 0 and only favourites whose value changes are sent.
 */
export function useMoveFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ordered }: { ordered: readonly FavoriteResponse[] }) => {
      const changes = ordered
        .map((favorite, index) => ({ favorite, sort: ordered.length - 1 - index }))
        .filter(({ favorite, sort }) => favorite.sort !== sort);
      for (const { favorite, sort } of changes) {
        await updateFavorite({ id: favorite.id, values: { sort } });
      }
    },
    onMutate: ({ ordered }) => {
      queryClient.setQueryData(
        favoriteKeys.all,
        ordered.map((favorite, index) => ({ ...favorite, sort: ordered.length - 1 - index })),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: favoriteKeys.all }),
  });
}

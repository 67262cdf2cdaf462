import type { FavoriteInput } from '@skolportalen/shared';
import { favoriteEndpoints } from '@skolportalen/shared/endpoints/favorites';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { favoriteKeys } from './favorites';

export function createFavorite(values: FavoriteInput) {
  return call(favoriteEndpoints.create, { body: values, throwOnError: true });
}

export function useCreateFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFavorite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: favoriteKeys.all }),
  });
}

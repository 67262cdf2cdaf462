import type { FavoriteInput, FavoriteResponse } from '@skolportalen/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { favoriteKeys } from './favorites';

export function createFavorite(values: FavoriteInput) {
  return apiRequest<FavoriteResponse>(apiPaths.favorite(), {
    method: 'POST',
    body: values,
    throwOnError: true,
  });
}

export function useCreateFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFavorite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: favoriteKeys.all }),
  });
}

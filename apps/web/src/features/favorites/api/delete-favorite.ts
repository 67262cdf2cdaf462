import { favoriteEndpoints } from '@skolportalen/shared/endpoints/favorites';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { favoriteKeys } from './favorites';

export function deleteFavorite(id: number) {
  return call(favoriteEndpoints.remove, { params: { id }, throwOnError: true });
}

export function useDeleteFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFavorite,
    onSettled: () => queryClient.invalidateQueries({ queryKey: favoriteKeys.all }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { favoriteKeys } from './favorites';

export function deleteFavorite(id: number) {
  return apiRequest<{ ok: true }>(apiPaths.favorite(id), { method: 'DELETE', throwOnError: true });
}

export function useDeleteFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFavorite,
    onSettled: () => queryClient.invalidateQueries({ queryKey: favoriteKeys.all }),
  });
}

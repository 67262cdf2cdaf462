import type { FavoriteResponse } from '@skolportalen/shared';
import { useQuery } from '@tanstack/react-query';
import { apiList } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';

export const favoriteKeys = { all: ['favorites'] as const };

/** Spec §7: perPage 9999, sort "sort DESC, updated DESC". */
export async function fetchFavorites(signal?: AbortSignal) {
  return (await apiList<FavoriteResponse>(apiPaths.favorites(), { signal })).items;
}

export function useFavorites(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: favoriteKeys.all,
    queryFn: ({ signal }) => fetchFavorites(signal),
    enabled: options.enabled ?? true,
  });
}

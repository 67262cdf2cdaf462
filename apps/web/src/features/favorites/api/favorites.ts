import { paging } from '@skolportalen/shared';
import { favoriteEndpoints } from '@skolportalen/shared/endpoints/favorites';
import { useQuery } from '@tanstack/react-query';
import { callList } from '@/lib/api-client';

export const favoriteKeys = { all: ['favorites'] as const };

/** Spec §7: perPage 9999, sort "sort DESC, updated DESC". */
export async function fetchFavorites(signal?: AbortSignal) {
  const query = { perPage: paging.maxPerPage, sort: 'sort DESC, updated DESC' };
  return (await callList(favoriteEndpoints.list, { query, signal })).items;
}

export function useFavorites(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: favoriteKeys.all,
    queryFn: ({ signal }) => fetchFavorites(signal),
    enabled: options.enabled ?? true,
  });
}

import { favoriteEndpoints } from '@skolportalen/shared/endpoints/favorites';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { favoritesQuery } from '@skolportalen/shared/start-page';
import { callList } from '@/lib/api-client';

export const favoriteKeys = { all: ['favorites'] as const };

/**
 * Spec §7: perPage 9999, sort "sort DESC, updated DESC"; the same query the
 * start page's first screen answers inside the page for teachers.
 */
export async function fetchFavorites(signal?: AbortSignal) {
  return (await callList(favoriteEndpoints.list, { query: favoritesQuery, signal })).items;
}

export const favoritesListQuery = () =>
  queryOptions({
    queryKey: favoriteKeys.all,
    queryFn: ({ signal }) => fetchFavorites(signal),
  });

export function useFavorites(options: { enabled?: boolean } = {}) {
  return useQuery({ ...favoritesListQuery(), enabled: options.enabled ?? true });
}

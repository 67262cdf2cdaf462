import type { MediaResponse } from '@skolportalen/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiList } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { mediaKeys, type MediaFilters } from './media-keys';

export function mediaListUrl(filters: MediaFilters): string {
  const query = new URLSearchParams();
  if (filters.search.trim()) query.set('search', filters.search.trim());
  filters.categoryIds.forEach((id) => query.append('categoryId[]', String(id)));
  filters.fileTypes.forEach((type) => query.append('fileType[]', type));
  query.set('page', String(filters.page));
  query.set('perPage', String(filters.perPage));
  return apiPaths.media(query);
}

export const mediaListQuery = (filters: MediaFilters) =>
  queryOptions({
    queryKey: mediaKeys.list(filters),
    queryFn: ({ signal }) => apiList<MediaResponse>(mediaListUrl(filters), { signal }),
    // Typing in the search box keeps the last results on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });

export function useMediaList(filters: MediaFilters) {
  return useQuery(mediaListQuery(filters));
}

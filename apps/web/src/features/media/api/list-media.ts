import { mediaEndpoints } from '@skolportalen/shared/endpoints/media';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callList } from '@/lib/api-client';
import { mediaKeys, type MediaFilters } from './media-keys';

export const mediaListQuery = (filters: MediaFilters) =>
  queryOptions({
    queryKey: mediaKeys.list(filters),
    queryFn: ({ signal }) =>
      callList(mediaEndpoints.list, {
        query: {
          search: filters.search.trim(),
          categoryId: [...filters.categoryIds],
          fileType: [...filters.fileTypes],
          page: filters.page,
          perPage: filters.perPage,
        },
        signal,
      }),
    // Typing in the search box keeps the last results on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });

export function useMediaList(filters: MediaFilters) {
  return useQuery(mediaListQuery(filters));
}

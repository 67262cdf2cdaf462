import { paging } from '@skolportalen/shared';
import { categoryEndpoints } from '@skolportalen/shared/endpoints/categories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callList } from '@/lib/api-client';
import { mediaKeys } from './media-keys';

/** The library's categories (type media): images 2, icons 7, pdf 8, Google icons 10. */
export const mediaCategoriesQuery = () =>
  queryOptions({
    queryKey: mediaKeys.categories,
    queryFn: async ({ signal }) =>
      (
        await callList(categoryEndpoints.list, {
          query: { type: 'media', perPage: paging.maxPerPage, sort: 'id ASC' },
          signal,
        })
      ).items,
    staleTime: 10 * 60_000,
  });

export function useMediaCategories() {
  return useQuery(mediaCategoriesQuery());
}

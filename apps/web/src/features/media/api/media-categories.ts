import type { CategoryResponse } from '@skolportalen/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiList } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { mediaKeys } from './media-keys';

/** The library's categories (type media): images 2, icons 7, pdf 8, Google icons 10. */
export const mediaCategoriesQuery = () =>
  queryOptions({
    queryKey: mediaKeys.categories,
    queryFn: async ({ signal }) =>
      (await apiList<CategoryResponse>(apiPaths.mediaCategories(), { signal })).items,
    staleTime: 10 * 60_000,
  });

export function useMediaCategories() {
  return useQuery(mediaCategoriesQuery());
}

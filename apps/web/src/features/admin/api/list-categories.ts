import { paging, type CategoryResponse } from '@skolportalen/shared';
import { useQuery } from '@tanstack/react-query';
import { apiList } from '@/lib/api-client';
import { apiPaths, withQuery } from '@/lib/paths';
import { adminKeys } from './admin-keys';

export function useCategories() {
  return useQuery({
    queryKey: adminKeys.categories,
    queryFn: async ({ signal }) =>
      (
        await apiList<CategoryResponse>(
          withQuery(apiPaths.categories(), {
            perPage: paging.maxPerPage,
            sort: 'type ASC, key ASC',
          }),
          { signal },
        )
      ).items,
  });
}

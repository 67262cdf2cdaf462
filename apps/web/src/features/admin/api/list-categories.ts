import { paging } from '@skolportalen/shared';
import { categoryEndpoints } from '@skolportalen/shared/endpoints/categories';
import { useQuery } from '@tanstack/react-query';
import { callList } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export function useCategories() {
  return useQuery({
    queryKey: adminKeys.categories,
    queryFn: async ({ signal }) =>
      (
        await callList(categoryEndpoints.list, {
          query: { perPage: paging.maxPerPage, sort: 'type ASC, key ASC' },
          signal,
        })
      ).items,
  });
}

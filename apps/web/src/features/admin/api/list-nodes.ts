import { ids, paging, type NodeResponse } from '@skolportalen/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiList } from '@/lib/api-client';
import { apiPaths, withQuery } from '@/lib/paths';
import { adminKeys } from './admin-keys';

/** The whole groups tree in one list (spec §7: perPage 9999), for the tree and the pickers. */
export function useAllNodes() {
  return useQuery({
    queryKey: adminKeys.nodes,
    queryFn: async ({ signal }) =>
      (
        await apiList<NodeResponse>(
          withQuery(apiPaths.nodes(), {
            categoryId: ids.groupCategoryId,
            perPage: paging.maxPerPage,
            sort: 'name ASC',
          }),
          { signal },
        )
      ).items,
  });
}

export interface NodePageParams {
  search: string;
  type: string;
  page: number;
  perPage: number;
}

/** One page of groups, filtered by the server (name search and type). */
export function useNodePage(params: NodePageParams) {
  return useQuery({
    queryKey: [...adminKeys.nodes, 'page', params],
    queryFn: ({ signal }) =>
      apiList<NodeResponse>(
        withQuery(apiPaths.nodes(), {
          search: params.search.trim(),
          type: params.type ? [params.type] : undefined,
          page: params.page,
          perPage: params.perPage,
          sort: 'name ASC',
        }),
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

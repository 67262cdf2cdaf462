import { ids, paging } from '@skolportalen/shared';
import { nodeEndpoints } from '@skolportalen/shared/endpoints/nodes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callList } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/** The whole groups tree in one list (spec §7: perPage 9999), for the tree and the pickers. */
export function useAllNodes() {
  return useQuery({
    queryKey: adminKeys.nodes,
    queryFn: async ({ signal }) =>
      (
        await callList(nodeEndpoints.list, {
          query: { categoryId: ids.groupCategoryId, perPage: paging.maxPerPage, sort: 'name ASC' },
          signal,
        })
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
      callList(nodeEndpoints.list, {
        query: {
          search: params.search.trim(),
          type: params.type ? [params.type] : undefined,
          page: params.page,
          perPage: params.perPage,
          sort: 'name ASC',
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

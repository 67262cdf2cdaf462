import type { LinkResponse } from '@skolportalen/shared';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiList } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { clearToolsListCache, toolsKeys } from './tools-list';

/** GET /user/links: the user's own list in their order. */
export async function fetchMyTools(signal?: AbortSignal) {
  return (await apiList<LinkResponse>(apiPaths.myLinks(), { signal })).items;
}

export function useMyTools() {
  return useQuery({ queryKey: toolsKeys.mine, queryFn: ({ signal }) => fetchMyTools(signal) });
}

/** Every change to the list answers with the new list; the grids are asked again. */
export function acceptMyTools(queryClient: QueryClient, list: LinkResponse[]) {
  queryClient.setQueryData(toolsKeys.mine, list);
  clearToolsListCache(queryClient);
  void queryClient.invalidateQueries({ queryKey: toolsKeys.available });
}

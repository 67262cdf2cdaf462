import type { LinkResponse } from '@skolportalen/shared';
import { userLinkEndpoints } from '@skolportalen/shared/endpoints/user-links';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { callList } from '@/lib/api-client';
import { clearToolsListCache, toolsKeys } from './tools-list';

/** GET /user/links: the user's own list in their order. */
export async function fetchMyTools(signal?: AbortSignal) {
  return (await callList(userLinkEndpoints.mine, { signal })).items;
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

import type { LinkResponse, LinkSortRequest } from '@skolportalen/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userLinkEndpoints } from '@skolportalen/shared/endpoints/user-links';
import { call } from '@/lib/api-client';
import { acceptMyTools, fetchMyTools } from './my-tools';
import { toolsKeys } from './tools-list';

export function sortMyTools({ userId, linkIds }: { userId: number } & LinkSortRequest) {
  return call(userLinkEndpoints.sort, {
    params: { id: userId },
    body: { linkIds },
    throwOnError: true,
  });
}

/** Shows the new order at once; a refusal puts the server's order back. */
export function useSortMyTools() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sortMyTools,
    onMutate: ({ linkIds }) => {
      const current = queryClient.getQueryData<LinkResponse[]>(toolsKeys.mine) ?? [];
      const byId = new Map(current.map((link) => [link.id, link]));
      queryClient.setQueryData(
        toolsKeys.mine,
        linkIds.flatMap((id) => byId.get(id) ?? []),
      );
    },
    onSuccess: (list) => acceptMyTools(queryClient, list),
    onError: async () => {
      queryClient.setQueryData(toolsKeys.mine, await fetchMyTools());
    },
  });
}

import type { LinkInput, LinkResponse } from '@skolportalen/shared';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { clearToolsListCache, toolsKeys } from './tools-list';

/** Creates a tool (no id) or replaces one; the form shows refusals itself. */
export function saveTool({ id, values }: { id?: number; values: LinkInput }) {
  return apiRequest<LinkResponse>(apiPaths.link(id), {
    method: id === undefined ? 'POST' : 'PUT',
    body: values,
    throwOnError: true,
  });
}

export function refreshAllTools(queryClient: QueryClient) {
  clearToolsListCache(queryClient);
  void queryClient.invalidateQueries({ queryKey: toolsKeys.admin });
  void queryClient.invalidateQueries({ queryKey: toolsKeys.available });
  void queryClient.invalidateQueries({ queryKey: toolsKeys.mine });
}

export function useSaveTool() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveTool, onSuccess: () => refreshAllTools(queryClient) });
}

import type { LinkInput } from '@skolportalen/shared';
import { linkEndpoints } from '@skolportalen/shared/endpoints/links';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { clearToolsListCache, toolsKeys } from './tools-list';

/** Creates a tool (no id) or replaces one; the form shows refusals itself. */
export function saveTool({ id, values }: { id?: number; values: LinkInput }) {
  return id === undefined
    ? call(linkEndpoints.create, { body: values, throwOnError: true })
    : call(linkEndpoints.replace, { params: { id }, body: values, throwOnError: true });
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

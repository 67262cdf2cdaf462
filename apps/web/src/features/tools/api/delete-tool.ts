import { useMutation, useQueryClient } from '@tanstack/react-query';
import { linkEndpoints } from '@skolportalen/shared/endpoints/links';
import { call } from '@/lib/api-client';
import { refreshAllTools } from './save-tool';

export function deleteTool(id: number) {
  return call(linkEndpoints.remove, { params: { id }, throwOnError: true });
}

export function useDeleteTool() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteTool, onSuccess: () => refreshAllTools(queryClient) });
}

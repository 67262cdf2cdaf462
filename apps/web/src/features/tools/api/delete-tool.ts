import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { refreshAllTools } from './save-tool';

export function deleteTool(id: number) {
  return apiRequest<{ ok: true }>(apiPaths.link(id), { method: 'DELETE', throwOnError: true });
}

export function useDeleteTool() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteTool, onSuccess: () => refreshAllTools(queryClient) });
}

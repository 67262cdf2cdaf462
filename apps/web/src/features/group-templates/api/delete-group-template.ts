import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { groupTemplateKeys } from './group-templates';

export function deleteGroupTemplate(id: number) {
  return apiRequest<{ ok: true }>(apiPaths.groupTemplate(id), {
    method: 'DELETE',
    throwOnError: true,
  });
}

export function useDeleteGroupTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroupTemplate,
    onSettled: () => queryClient.invalidateQueries({ queryKey: groupTemplateKeys.all }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { groupTemplateEndpoints } from '@skolportalen/shared/endpoints/group-templates';
import { call } from '@/lib/api-client';
import { groupTemplateKeys } from './group-templates';

export function deleteGroupTemplate(id: number) {
  return call(groupTemplateEndpoints.remove, { params: { id }, throwOnError: true });
}

export function useDeleteGroupTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroupTemplate,
    onSettled: () => queryClient.invalidateQueries({ queryKey: groupTemplateKeys.all }),
  });
}

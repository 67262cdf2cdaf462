import type { GroupTemplateInput, GroupTemplateResponse } from '@skolportalen/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { groupTemplateKeys } from './group-templates';

/** Creates (no id) or replaces a favourite target group. */
export function saveGroupTemplate({ id, values }: { id?: number; values: GroupTemplateInput }) {
  return apiRequest<GroupTemplateResponse>(apiPaths.groupTemplate(id), {
    method: id === undefined ? 'POST' : 'PUT',
    body: values,
    throwOnError: true,
  });
}

export function useSaveGroupTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGroupTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupTemplateKeys.all }),
  });
}

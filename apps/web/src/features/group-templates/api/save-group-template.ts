import type { GroupTemplateInput } from '@skolportalen/shared';
import { groupTemplateEndpoints } from '@skolportalen/shared/endpoints/group-templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { groupTemplateKeys } from './group-templates';

/** Creates (no id) or replaces a favourite target group. */
export function saveGroupTemplate({ id, values }: { id?: number; values: GroupTemplateInput }) {
  return id === undefined
    ? call(groupTemplateEndpoints.create, { body: values, throwOnError: true })
    : call(groupTemplateEndpoints.update, { params: { id }, body: values, throwOnError: true });
}

export function useSaveGroupTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGroupTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupTemplateKeys.all }),
  });
}

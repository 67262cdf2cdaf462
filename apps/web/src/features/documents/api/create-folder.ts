import type { DocumentNode } from '@skolportalen/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { documentKeys } from './keys';

/** The dialog shows the refusal itself, so errors are thrown to it. */
export function useCreateFolder(parentGuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      apiRequest<{ entry: DocumentNode }>(apiPaths.documentChildren(parentGuid), {
        method: 'POST',
        body: { nodeType: 'cm:folder', name },
        throwOnError: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.node(parentGuid) }),
  });
}

import type { DocumentNode } from '@skolportalen/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { documentKeys } from './keys';

/** Multipart upload into a folder (field `filedata`, as in Alfresco). */
export function useUploadDocument(folderGuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('filedata', file, file.name);
      return apiRequest<{ entry: DocumentNode }>(apiPaths.documentChildren(folderGuid), {
        method: 'POST',
        body: form,
        throwOnError: true,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.node(folderGuid) }),
  });
}

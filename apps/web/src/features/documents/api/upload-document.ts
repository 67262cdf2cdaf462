import { endpointUrl, type ResponseOf } from '@skolportalen/shared/endpoints/endpoint';
import { documentEndpoints } from '@skolportalen/shared/endpoints/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { documentKeys } from './keys';

const { create } = documentEndpoints;

/**
 * Multipart upload into a folder (field `filedata`, as in Alfresco); `call`
 * sends only JSON, so the form goes through `apiRequest` to the declared address.
 */
export function useUploadDocument(folderGuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('filedata', file, file.name);
      return apiRequest<ResponseOf<typeof create>>(endpointUrl(create, { id: folderGuid }), {
        method: create.method,
        body: form,
        throwOnError: true,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.node(folderGuid) }),
  });
}

import { endpointUrl, type ResponseOf } from '@skolportalen/shared/endpoints/endpoint';
import { documentEndpoints } from '@skolportalen/shared/endpoints/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { documentKeys } from './keys';

const { create } = documentEndpoints;

/**
 * The dialog shows the refusal itself, so errors are thrown to it. The same
 * endpoint takes an upload, so it declares no body for `call` to send: the
 * folder goes through `apiRequest` to the declared address.
 */
export function useCreateFolder(parentGuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      apiRequest<ResponseOf<typeof create>>(endpointUrl(create, { id: parentGuid }), {
        method: create.method,
        body: { nodeType: 'cm:folder', name },
        throwOnError: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.node(parentGuid) }),
  });
}

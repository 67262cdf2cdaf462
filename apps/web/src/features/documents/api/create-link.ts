import { documentEndpoints } from '@skolportalen/shared/endpoints/documents';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export function useCreateSharedLink() {
  return useMutation({
    mutationFn: (input: { guid: string; expiresAt: string | null }) =>
      call(documentEndpoints.createLink, { body: input, throwOnError: true }),
  });
}

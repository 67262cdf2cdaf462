import type { DocumentSharedLink } from '@skolportalen/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';

export function useCreateSharedLink() {
  return useMutation({
    mutationFn: (input: { guid: string; expiresAt: string | null }) =>
      apiRequest<{ entry: DocumentSharedLink }>(apiPaths.documentLink(), {
        method: 'POST',
        body: input,
        throwOnError: true,
      }),
  });
}

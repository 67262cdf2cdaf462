import type { DocumentTicket } from '@skolportalen/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { documentKeys } from './keys';

/**
 * POST /token with the person's repository credentials. The server keeps the
 * ticket for this portal session, so the area simply reloads.
 */
export function useRepositorySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: { userId: string; password: string }) =>
      apiRequest<{ entry: DocumentTicket }>(apiPaths.documentToken(), {
        method: 'POST',
        body: credentials,
        throwOnError: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}

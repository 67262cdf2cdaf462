import { documentEndpoints } from '@skolportalen/shared/endpoints/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { documentKeys } from './keys';

/**
 * POST /token with the person's repository credentials. The server keeps the
 * ticket for this portal session, so the area simply reloads.
 */
export function useRepositorySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: { userId: string; password: string }) =>
      call(documentEndpoints.ticket, { body: credentials, throwOnError: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}

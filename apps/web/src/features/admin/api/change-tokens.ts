import type { ApiTokenResponse } from '@skolportalen/shared';
import { tokenEndpoints } from '@skolportalen/shared/endpoints/tokens';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/** An API key for an integration acting as the user; the answer holds the secret once. */
export async function issueApiToken(input: { userId: number; lifetimeDays: number }) {
  // Issuing an api token answers with the token and its secret, never a session.
  return (await call(tokenEndpoints.issue, {
    body: { type: 'api', ...input },
    throwOnError: true,
  })) as ApiTokenResponse;
}

/** Revokes someone's token; their session ends on its next request. */
export function revokeToken(id: string) {
  return call(tokenEndpoints.revoke, { params: { id } });
}

function useTokenMutation<Input, Output>(send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.tokens }),
  });
}

export const useIssueApiToken = () => useTokenMutation(issueApiToken);
export const useRevokeToken = () => useTokenMutation(revokeToken);

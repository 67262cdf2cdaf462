import type { ApiTokenResponse, SessionResponse } from '@skolportalen/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { adminKeys } from './admin-keys';

/** An API key for an integration acting as the user; the answer holds the secret once. */
export function issueApiToken(input: { userId: number; lifetimeDays: number }) {
  return apiRequest<ApiTokenResponse>(apiPaths.createToken(), {
    method: 'POST',
    body: { type: 'api', ...input },
    throwOnError: true,
  });
}

/** Revokes someone's token; their session ends on its next request. */
export function revokeToken(id: string) {
  return apiRequest<SessionResponse>(apiPaths.token(id), { method: 'DELETE' });
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

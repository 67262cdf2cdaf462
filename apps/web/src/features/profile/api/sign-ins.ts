import type { EndOwnSignInsResponse, OwnSignIn } from '@skolportalen/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';

const key = ['profile', 'sign-ins'] as const;

/** Refused (403) while someone acts as the person: the section says so instead of the error toast. */
export function useOwnSignIns() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      apiRequest<OwnSignIn[]>(apiPaths.ownSignIns(), { signal, handledCodes: ['FORBIDDEN'] }),
    retry: false,
  });
}

export function useEndSignIns() {
  const queryClient = useQueryClient();
  return useMutation({
    /** One sign-in by its id, or every one but this browser's. */
    mutationFn: (id: string | null) =>
      apiRequest<EndOwnSignInsResponse>(apiPaths.ownSignIns(id ?? undefined), {
        method: 'DELETE',
      }),
    onSuccess: (answer) => queryClient.setQueryData(key, answer.signIns),
  });
}

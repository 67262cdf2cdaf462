import { ownSignInEndpoints } from '@skolportalen/shared/endpoints/own-sign-ins';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

const key = ['profile', 'sign-ins'] as const;

/** Refused (403) while someone acts as the person: the section says so instead of the error toast. */
export function useOwnSignIns() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call(ownSignInEndpoints.list, { signal, handledCodes: ['FORBIDDEN'] }),
    retry: false,
  });
}

export function useEndSignIns() {
  const queryClient = useQueryClient();
  return useMutation({
    /** One sign-in by its id, or every one but this browser's. */
    mutationFn: (id: string | null) =>
      id === null
        ? call(ownSignInEndpoints.endOthers)
        : call(ownSignInEndpoints.end, { params: { id } }),
    onSuccess: (answer) => queryClient.setQueryData(key, answer.signIns),
  });
}

import type { InterestsRequest } from '@skolportalen/shared';
import { profileEndpoints } from '@skolportalen/shared/endpoints/profile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callList } from '@/lib/api-client';

export const interestKeys = { all: ['interests'] as const };

/** The school units whose news the user follows. */
export async function fetchInterests(signal?: AbortSignal) {
  return (await callList(profileEndpoints.interests, { signal })).items;
}

export function useInterests() {
  return useQuery({ queryKey: interestKeys.all, queryFn: ({ signal }) => fetchInterests(signal) });
}

export function saveInterests(values: InterestsRequest) {
  return call(profileEndpoints.setInterests, { body: values, throwOnError: true });
}

export function useSaveInterests() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveInterests,
    onSuccess: (list) => queryClient.setQueryData(interestKeys.all, list),
  });
}

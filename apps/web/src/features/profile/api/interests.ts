import type { InterestsRequest, NodeResponse } from '@skolportalen/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiList, apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';

export const interestKeys = { all: ['interests'] as const };

/** The school units whose news the user follows. */
export async function fetchInterests(signal?: AbortSignal) {
  return (await apiList<NodeResponse>(apiPaths.interests(), { signal })).items;
}

export function useInterests() {
  return useQuery({ queryKey: interestKeys.all, queryFn: ({ signal }) => fetchInterests(signal) });
}

export function saveInterests(values: InterestsRequest) {
  return apiRequest<NodeResponse[]>(apiPaths.interests(), {
    method: 'PUT',
    body: values,
    throwOnError: true,
  });
}

export function useSaveInterests() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveInterests,
    onSuccess: (list) => queryClient.setQueryData(interestKeys.all, list),
  });
}

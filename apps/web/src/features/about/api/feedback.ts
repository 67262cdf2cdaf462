import type { FeedbackItem, FeedbackRequest } from '@skolportalen/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiList, apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';

export const feedbackKeys = {
  all: ['feedback'] as const,
  list: (status?: string) => ['feedback', status ?? 'all'] as const,
};

/** The form shows field errors itself, so it asks for exceptions. */
export function useSendFeedback() {
  return useMutation({
    mutationFn: (input: FeedbackRequest) =>
      apiRequest<{ id: number }>(apiPaths.feedback(), {
        method: 'POST',
        body: input,
        throwOnError: true,
      }),
  });
}

export function useFeedbackList(status?: 'new' | 'handled') {
  return useQuery({
    queryKey: feedbackKeys.list(status),
    queryFn: ({ signal }) => apiList<FeedbackItem>(apiPaths.feedbackList(status), { signal }),
  });
}

export function useSetFeedbackStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'new' | 'handled' }) =>
      apiRequest<{ ok: true }>(apiPaths.feedbackItem(id), { method: 'PUT', body: { status } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackKeys.all }),
  });
}

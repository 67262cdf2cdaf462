import type { FeedbackRequest } from '@skolportalen/shared';
import { feedbackEndpoints } from '@skolportalen/shared/endpoints/feedback';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callList } from '@/lib/api-client';

export const feedbackKeys = {
  all: ['feedback'] as const,
  list: (status?: string) => ['feedback', status ?? 'all'] as const,
};

/** The form shows field errors itself, so it asks for exceptions. */
export function useSendFeedback() {
  return useMutation({
    mutationFn: (input: FeedbackRequest) =>
      call(feedbackEndpoints.send, { body: input, throwOnError: true }),
  });
}

export function useFeedbackList(status?: 'new' | 'handled') {
  return useQuery({
    queryKey: feedbackKeys.list(status),
    queryFn: ({ signal }) => callList(feedbackEndpoints.list, { query: { status }, signal }),
  });
}

export function useSetFeedbackStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'new' | 'handled' }) =>
      call(feedbackEndpoints.setStatus, { params: { id }, body: { status } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackKeys.all }),
  });
}

import type { CommentInput, CommentResponse } from '@skolportalen/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { reactionKeys } from './keys';

/** POST /comment. Errors come back to the form (400 per field, 429), not as a toast. */
export function useCreateComment(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      apiRequest<CommentResponse>(apiPaths.comment(), {
        method: 'POST',
        body: { postId, text } satisfies CommentInput,
        throwOnError: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reactionKeys.comments(postId) }),
  });
}

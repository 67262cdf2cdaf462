import { commentEndpoints } from '@skolportalen/shared/endpoints/comments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { reactionKeys } from './keys';

/** POST /comment. Errors come back to the form (400 per field, 429), not as a toast. */
export function useCreateComment(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      call(commentEndpoints.create, { body: { postId, text }, throwOnError: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reactionKeys.comments(postId) }),
  });
}

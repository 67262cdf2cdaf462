import { commentEndpoints } from '@skolportalen/shared/endpoints/comments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { reactionKeys } from './keys';

/** DELETE /comment/{id}: one's own, or anyone's with delete_all_comments. */
export function useDeleteComment(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) => call(commentEndpoints.remove, { params: { id: commentId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reactionKeys.comments(postId) }),
  });
}

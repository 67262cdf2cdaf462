import type { CommentDeleteResponse } from '@skolportalen/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { reactionKeys } from './keys';

/** DELETE /comment/{id}: one's own, or anyone's with delete_all_comments. */
export function useDeleteComment(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) =>
      apiRequest<CommentDeleteResponse>(apiPaths.comment(commentId), { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reactionKeys.comments(postId) }),
  });
}

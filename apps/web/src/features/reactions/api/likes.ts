import type { CommentResponse, LikeSummary } from '@skolportalen/shared';
import { likeEndpoints } from '@skolportalen/shared/endpoints/likes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { CommentPages } from './comments';
import { reactionKeys } from './keys';

type Target = { postId: number } | { commentId: number };

/**
 * POST /like or DELETE /like/{likeId}: liking again is harmless, so a double
 * click cannot leave two likes behind.
 */
function toggle(target: Target, summary: LikeSummary) {
  if (summary.liked && summary.likeId !== null) {
    return call(likeEndpoints.unlike, { params: { id: summary.likeId } });
  }
  return call(likeEndpoints.like, { body: target });
}

/** GET /like?postId=…, starting from what the post itself said. */
export function usePostLikes(postId: number, initial: LikeSummary) {
  return useQuery({
    queryKey: reactionKeys.postLikes(postId),
    queryFn: ({ signal }) =>
      call(likeEndpoints.list, { query: { postId }, signal }) as Promise<LikeSummary>,
    initialData: initial,
  });
}

export function useTogglePostLike(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (summary: LikeSummary) => toggle({ postId }, summary),
    onSuccess: (answer) =>
      queryClient.setQueryData<LikeSummary>(reactionKeys.postLikes(postId), {
        count: answer.count,
        liked: answer.liked,
        likeId: answer.likeId,
      }),
  });
}

/** A comment's like: the answer goes straight into the loaded comment list. */
export function useToggleCommentLike(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ comment }: { comment: CommentResponse }) =>
      toggle({ commentId: comment.id }, comment.likes),
    onSuccess: (answer, { comment }) =>
      queryClient.setQueryData<CommentPages>(reactionKeys.comments(postId), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.map((item) =>
                  item.id === comment.id
                    ? {
                        ...item,
                        likes: { count: answer.count, liked: answer.liked, likeId: answer.likeId },
                      }
                    : item,
                ),
              })),
            }
          : data,
      ),
  });
}

import type { PostListItem } from '@skolportalen/shared';
import { acknowledgementEndpoints } from '@skolportalen/shared/endpoints/acknowledgements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type ListResult } from '@/lib/api-client';
import { patchCachedPost, type CachedPosts } from './cached-posts';
import { mustReadRequest } from './get-posts';
import { contentKeys } from './keys';

export interface AcknowledgeInput {
  postId: number;
  /** A guardian's children to confirm for; none means every child the post reached. */
  childIds?: number[];
}

/**
 * POST /post/{id}/acknowledge: "Jag har läst" (decision 0040). What the post
 * now asks of the reader replaces the cached copies, and a notice with nothing
 * left to confirm leaves the start page's pinned list at once.
 */
export function useAcknowledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, childIds }: AcknowledgeInput) =>
      call(acknowledgementEndpoints.acknowledge, {
        params: { id: String(postId) },
        body: childIds ? { childIds } : {},
      }),
    onSuccess: ({ postId, myAcknowledgement }) => {
      // Confirming counts as opening the post.
      queryClient.setQueriesData<CachedPosts>({ queryKey: contentKeys.all }, (data) =>
        patchCachedPost(data, postId, { isRead: true, myAcknowledgement }),
      );
      if (myAcknowledgement.acknowledged) {
        queryClient.setQueryData<ListResult<PostListItem>>(
          contentKeys.list(mustReadRequest),
          (list) =>
            list && {
              items: list.items.filter((item) => item.id !== postId),
              total: Math.max(0, list.total - 1),
            },
        );
      }
      void queryClient.invalidateQueries({ queryKey: contentKeys.acknowledgements(postId) });
    },
  });
}

import type { CommentResponse } from '@skolportalen/shared';
import { commentEndpoints } from '@skolportalen/shared/endpoints/comments';
import { commentsQuery } from '@skolportalen/shared/reading-page';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { callList, type ListResult } from '@/lib/api-client';
import { reactionKeys } from './keys';

export type CommentPages = InfiniteData<ListResult<CommentResponse>, unknown>;

/** GET /comment?postId=…: the post's comments, oldest first, a page at a time. */
export const commentsInfiniteQuery = (postId: number) =>
  infiniteQueryOptions({
    queryKey: reactionKeys.comments(postId),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      callList(commentEndpoints.list, {
        query: commentsQuery(postId, pageParam),
        signal,
      }),
    getNextPageParam: (last, pages) =>
      pages.reduce((sum, page) => sum + page.items.length, 0) < last.total
        ? pages.length + 1
        : undefined,
  });

export function useComments(postId: number) {
  return useInfiniteQuery(commentsInfiniteQuery(postId));
}

/** Every loaded comment with the total the server counts. */
export function flattenComments(data: CommentPages | undefined) {
  const items = data?.pages.flatMap((page) => page.items) ?? [];
  return { items, total: data?.pages.at(-1)?.total ?? 0 };
}

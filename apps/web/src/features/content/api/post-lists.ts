import type { GetPostsRequest, MyPostsQuery, PostListItem, PostStatus } from '@skolportalen/shared';
import { postEndpoints } from '@skolportalen/shared/endpoints/posts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callList } from '@/lib/api-client';
import { fromPost, toInput } from '../editor/post-form';
import { contentKeys } from './keys';

/** GET /my-post: what the user wrote or edits (the trash only when asked for). */
export function useMyPosts(query: MyPostsQuery) {
  return useQuery({
    queryKey: contentKeys.mine(query),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      callList(postEndpoints.mine, {
        query: {
          type: query.type as PostListItem['type'][] | undefined,
          status: query.status as PostStatus[] | undefined,
          search: query.search,
          page: query.page as number | undefined,
          perPage: query.perPage as number | undefined,
          sort: query.sort,
        },
        signal,
      }),
  });
}

/** POST /GetPostsAll: every post, for post_list_all (the administration). */
export function useAllPosts(request: GetPostsRequest) {
  return useQuery({
    queryKey: contentKeys.everything(request),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => callList(postEndpoints.getPostsAll, { body: request, signal }),
  });
}

/**
 * Changes a post's status from a list: the trash and deleting for good go
 * through DELETE (first to the trash, then away); any other status is a PUT of
 * the whole post with the new status.
 */
export async function changePostStatus(post: PostListItem, status: PostStatus | 'deleted') {
  const params = { id: String(post.id) };
  if (status === 'trash' || status === 'deleted') {
    return call(postEndpoints.remove, { params, throwOnError: true });
  }
  // The original: a translation must never be written back as the Swedish post.
  const full = await call(postEndpoints.get, {
    params,
    query: { language: 'sv' },
    throwOnError: true,
  });
  return call(postEndpoints.replace, {
    params,
    body: toInput(fromPost(full), status),
    throwOnError: true,
  });
}

export function useChangePostStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: { posts: PostListItem[]; status: PostStatus | 'deleted' }) => {
      const failures: { post: PostListItem; message: string }[] = [];
      // One at a time: each is its own transaction on the server, and the order of messages stays clear.
      for (const post of changes.posts) {
        try {
          await changePostStatus(post, changes.status);
        } catch (error) {
          failures.push({ post, message: error instanceof Error ? error.message : String(error) });
        }
      }
      return { done: changes.posts.length - failures.length, failures };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: contentKeys.all }),
  });
}

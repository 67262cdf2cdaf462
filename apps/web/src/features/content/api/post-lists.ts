import type {
  GetPostsRequest,
  MyPostsQuery,
  PostListItem,
  PostResponse,
  PostStatus,
} from '@skolportalen/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiList, apiRequest } from '@/lib/api-client';
import { apiPaths, withQuery } from '@/lib/paths';
import { fromPost, toInput } from '../editor/post-form';
import { contentKeys } from './keys';

/** GET /my-post: what the user wrote or edits (the trash only when asked for). */
export function useMyPosts(query: MyPostsQuery) {
  return useQuery({
    queryKey: contentKeys.mine(query),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiList<PostListItem>(
        withQuery(apiPaths.myPosts(), {
          type: query.type as string[] | undefined,
          status: query.status as string[] | undefined,
          search: query.search,
          page: query.page as number | undefined,
          perPage: query.perPage as number | undefined,
          sort: query.sort,
        }),
        { signal },
      ),
  });
}

/** POST /GetPostsAll: every post, for post_list_all (the administration). */
export function useAllPosts(request: GetPostsRequest) {
  return useQuery({
    queryKey: contentKeys.everything(request),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiList<PostListItem>(apiPaths.getPostsAll(), { method: 'POST', body: request, signal }),
  });
}

/**
 * Changes a post's status from a list: the trash and deleting for good go
 * through DELETE (first to the trash, then away); any other status is a PUT of
 * the whole post with the new status.
 */
export async function changePostStatus(post: PostListItem, status: PostStatus | 'deleted') {
  if (status === 'trash' || status === 'deleted') {
    return apiRequest(apiPaths.post(post.id), { method: 'DELETE', throwOnError: true });
  }
  const full = await apiRequest<PostResponse>(apiPaths.post(post.id), { throwOnError: true });
  return apiRequest<PostResponse>(apiPaths.post(post.id), {
    method: 'PUT',
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

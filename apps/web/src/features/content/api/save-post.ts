import type { PostInput, PostResponse } from '@skolportalen/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { contentKeys } from './keys';

/**
 * POST /post or PUT /post/{id}. The editor shows field errors beside their
 * fields, so errors come back to it instead of going to the toasts.
 */
export function useSavePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: PostInput }) =>
      apiRequest<PostResponse>(apiPaths.post(id), {
        method: id === undefined ? 'POST' : 'PUT',
        body,
        throwOnError: true,
      }),
    onSuccess: (post) => {
      queryClient.setQueryData(contentKeys.post(post.id), post);
      void queryClient.invalidateQueries({ queryKey: contentKeys.all });
    },
  });
}

/** DELETE /post/{id}: the first time to the trash, from the trash for good. */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<{ id: number; status: 'trash' | 'deleted' }>(apiPaths.post(id), {
        method: 'DELETE',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.all }),
  });
}

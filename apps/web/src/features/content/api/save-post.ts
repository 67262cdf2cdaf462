import type { PostInput } from '@skolportalen/shared';
import { postEndpoints } from '@skolportalen/shared/endpoints/posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { contentKeys } from './keys';

/**
 * POST /post or PUT /post/{id}. The editor shows field errors beside their
 * fields, so errors come back to it instead of going to the toasts.
 */
export function useSavePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: PostInput }) =>
      id === undefined
        ? call(postEndpoints.create, { body, throwOnError: true })
        : call(postEndpoints.replace, { params: { id: String(id) }, body, throwOnError: true }),
    onSuccess: (post) => {
      // A write answers with the original: the editor's copy.
      queryClient.setQueryData(contentKeys.post(post.id, 'sv'), post);
      void queryClient.invalidateQueries({ queryKey: contentKeys.all });
    },
  });
}

/** DELETE /post/{id}: the first time to the trash, from the trash for good. */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(postEndpoints.remove, { params: { id: String(id) } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.all }),
  });
}

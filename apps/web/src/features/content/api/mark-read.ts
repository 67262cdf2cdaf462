import { postEndpoints } from '@skolportalen/shared/endpoints/posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { patchCachedPost, type CachedPosts } from './cached-posts';
import { contentKeys } from './keys';

/** POST /post-read/{id}: recorded once per reader. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(postEndpoints.markRead, { params: { id: String(id) } }),
    onSuccess: (_receipt, id) => {
      // Marked read in every cached copy, so lists and the reader agree at once.
      queryClient.setQueriesData<CachedPosts>({ queryKey: contentKeys.all }, (data) =>
        patchCachedPost(data, id, { isRead: true }),
      );
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { mediaKeys } from './media-keys';

/** A used item is refused with 409 and a message naming where it is used; the dialog shows it. */
export function deleteMedia(id: number) {
  return apiRequest<{ ok: true }>(apiPaths.mediaItem(id), { method: 'DELETE', throwOnError: true });
}

export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMedia,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaKeys.all }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mediaEndpoints } from '@skolportalen/shared/endpoints/media';
import { call } from '@/lib/api-client';
import { mediaKeys } from './media-keys';

/** A used item is refused with 409 and a message naming where it is used; the dialog shows it. */
export function deleteMedia(id: number) {
  return call(mediaEndpoints.remove, { params: { id }, throwOnError: true });
}

export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMedia,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaKeys.all }),
  });
}

import type { MediaUpdateRequest } from '@skolportalen/shared';
import { mediaEndpoints } from '@skolportalen/shared/endpoints/media';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { mediaKeys } from './media-keys';

/** Spec §7: PUT sends title and description (the alt text). */
export function updateMedia(id: number, input: MediaUpdateRequest) {
  return call(mediaEndpoints.update, { params: { id }, body: input, throwOnError: true });
}

export function useUpdateMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: MediaUpdateRequest }) =>
      updateMedia(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaKeys.all }),
  });
}

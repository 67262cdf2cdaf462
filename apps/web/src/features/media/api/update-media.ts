import type { MediaResponse, MediaUpdateRequest } from '@skolportalen/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { mediaKeys } from './media-keys';

/** Spec §7: PUT sends title and description (the alt text). */
export function updateMedia(id: number, input: MediaUpdateRequest) {
  return apiRequest<MediaResponse>(apiPaths.mediaItem(id), {
    method: 'PUT',
    body: input,
    throwOnError: true,
  });
}

export function useUpdateMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: MediaUpdateRequest }) =>
      updateMedia(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaKeys.all }),
  });
}

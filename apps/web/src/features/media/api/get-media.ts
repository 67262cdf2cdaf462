import type { MediaResponse } from '@skolportalen/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { mediaKeys } from './media-keys';

/** One media item, e.g. the image a post or a tool has chosen. */
export const mediaItemQuery = (id: number) =>
  queryOptions({
    queryKey: mediaKeys.item(id),
    queryFn: ({ signal }) => apiRequest<MediaResponse>(apiPaths.mediaItem(id), { signal }),
  });

export function useMediaItem(id: number | null | undefined) {
  return useQuery({ ...mediaItemQuery(id ?? 0), enabled: typeof id === 'number' && id > 0 });
}

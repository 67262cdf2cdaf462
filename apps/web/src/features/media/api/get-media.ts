import { mediaEndpoints } from '@skolportalen/shared/endpoints/media';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { mediaKeys } from './media-keys';

/** One media item, e.g. the image a post or a tool has chosen. */
export const mediaItemQuery = (id: number) =>
  queryOptions({
    queryKey: mediaKeys.item(id),
    queryFn: ({ signal }) => call(mediaEndpoints.get, { params: { id }, signal }),
  });

export function useMediaItem(id: number | null | undefined) {
  return useQuery({ ...mediaItemQuery(id ?? 0), enabled: typeof id === 'number' && id > 0 });
}

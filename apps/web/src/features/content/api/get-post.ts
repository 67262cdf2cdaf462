import type { PostResponse } from '@skolportalen/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { contentKeys } from './keys';

/** GET /post/{id or slug}: one post with its block tree. An unknown slug leads to /404. */
export function usePost(key: string | number | undefined) {
  return useQuery({
    queryKey: contentKeys.post(key ?? ''),
    enabled: key !== undefined && key !== '',
    queryFn: ({ signal }) => apiRequest<PostResponse>(apiPaths.post(key), { signal }),
  });
}

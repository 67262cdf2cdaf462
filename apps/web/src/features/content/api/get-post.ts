import { postEndpoints } from '@skolportalen/shared/endpoints/posts';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { contentKeys } from './keys';

/** GET /post/{id or slug}: one post with its block tree. An unknown slug leads to /404. */
export function usePost(key: string | number | undefined) {
  return useQuery({
    queryKey: contentKeys.post(key ?? ''),
    enabled: key !== undefined && key !== '',
    queryFn: ({ signal }) => call(postEndpoints.get, { params: { id: String(key) }, signal }),
  });
}

import { postEndpoints } from '@skolportalen/shared/endpoints/posts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { contentKeys } from './keys';

/**
 * GET /post/{id or slug}: one post with its block tree, in the reader's
 * language unless `language` names another (`sv`: the original, which the
 * editor always works on). An unknown slug leads to /404.
 */
export const postQuery = (key: string | number, language?: string) =>
  queryOptions({
    queryKey: contentKeys.post(key, language),
    queryFn: ({ signal }) =>
      call(postEndpoints.get, {
        params: { id: String(key) },
        query: language ? { language } : {},
        signal,
      }),
  });

export function usePost(key: string | number | undefined, language?: string) {
  return useQuery({ ...postQuery(key ?? '', language), enabled: key !== undefined && key !== '' });
}

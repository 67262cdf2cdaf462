import type { LinkResponse } from '@skolportalen/shared';
import { useQuery } from '@tanstack/react-query';
import { apiList } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { contentKeys } from './keys';

/** The tools the author may put in a tool block: the ones they can see, by name. */
export function useToolChoices() {
  return useQuery({
    queryKey: contentKeys.toolChoices,
    staleTime: 3 * 60_000,
    queryFn: async ({ signal }) =>
      (
        await apiList<LinkResponse>(apiPaths.getLinks(), {
          method: 'POST',
          body: { type: ['tool', 'google-tool'], sort: 'name ASC' },
          signal,
        })
      ).items,
  });
}

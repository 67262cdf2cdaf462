import { useQuery } from '@tanstack/react-query';
import { linkEndpoints } from '@skolportalen/shared/endpoints/links';
import { callList } from '@/lib/api-client';
import { contentKeys } from './keys';

/** The tools the author may put in a tool block: the ones they can see, by name. */
export function useToolChoices() {
  return useQuery({
    queryKey: contentKeys.toolChoices,
    staleTime: 3 * 60_000,
    queryFn: async ({ signal }) =>
      (
        await callList(linkEndpoints.getLinks, {
          body: { type: ['tool', 'google-tool'], sort: 'name ASC' },
          signal,
        })
      ).items,
  });
}

import { paging } from '@skolportalen/shared';
import { groupTemplateEndpoints } from '@skolportalen/shared/endpoints/group-templates';
import { useQuery } from '@tanstack/react-query';
import { callList } from '@/lib/api-client';

export const groupTemplateKeys = { all: ['group-templates'] as const };

/** GET /portal-service/v1/favorite: the user's favourite target groups, by name. */
export async function fetchGroupTemplates(signal?: AbortSignal) {
  return (
    await callList(groupTemplateEndpoints.list, {
      query: { perPage: paging.maxPerPage },
      signal,
    })
  ).items;
}

export function useGroupTemplates() {
  return useQuery({
    queryKey: groupTemplateKeys.all,
    queryFn: ({ signal }) => fetchGroupTemplates(signal),
  });
}

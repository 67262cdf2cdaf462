import type { GroupTemplateResponse } from '@skolportalen/shared';
import { useQuery } from '@tanstack/react-query';
import { apiList } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';

export const groupTemplateKeys = { all: ['group-templates'] as const };

/** GET /portal-service/v1/favorite: the user's favourite target groups, by name. */
export async function fetchGroupTemplates(signal?: AbortSignal) {
  return (await apiList<GroupTemplateResponse>(apiPaths.groupTemplates(), { signal })).items;
}

export function useGroupTemplates() {
  return useQuery({
    queryKey: groupTemplateKeys.all,
    queryFn: ({ signal }) => fetchGroupTemplates(signal),
  });
}

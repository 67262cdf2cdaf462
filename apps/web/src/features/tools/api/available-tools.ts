import type { LinkResponse } from '@skolportalen/shared';
import { useQuery } from '@tanstack/react-query';
import { apiList } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { toolsKeys } from './tools-list';

/** Every tool aimed at the user, standard and optional: what they can add to their list. */
export async function fetchAvailableTools(signal?: AbortSignal) {
  const body = { scope: 'available', sort: 'name ASC' };
  return (await apiList<LinkResponse>(apiPaths.getLinks(), { method: 'POST', body, signal })).items;
}

export function useAvailableTools() {
  return useQuery({
    queryKey: toolsKeys.available,
    queryFn: ({ signal }) => fetchAvailableTools(signal),
  });
}

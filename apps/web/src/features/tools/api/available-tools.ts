import { linkEndpoints } from '@skolportalen/shared/endpoints/links';
import { useQuery } from '@tanstack/react-query';
import { callList } from '@/lib/api-client';
import { toolsKeys } from './tools-list';

/** Every tool aimed at the user, standard and optional: what they can add to their list. */
export async function fetchAvailableTools(signal?: AbortSignal) {
  const body = { scope: 'available' as const, sort: 'name ASC' };
  return (await callList(linkEndpoints.getLinks, { body, signal })).items;
}

export function useAvailableTools() {
  return useQuery({
    queryKey: toolsKeys.available,
    queryFn: ({ signal }) => fetchAvailableTools(signal),
  });
}

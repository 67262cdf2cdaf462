import { paging } from '@skolportalen/shared';
import { linkEndpoints } from '@skolportalen/shared/endpoints/links';
import { useQuery } from '@tanstack/react-query';
import { callList } from '@/lib/api-client';
import { toolsKeys } from './tools-list';

/** GET /link-all: every tool with what the signed-in manager may do with it. */
export async function fetchAdminTools(signal?: AbortSignal) {
  return (await callList(linkEndpoints.listAll, { query: { perPage: paging.maxPerPage }, signal }))
    .items;
}

export function useAdminTools() {
  return useQuery({ queryKey: toolsKeys.admin, queryFn: ({ signal }) => fetchAdminTools(signal) });
}

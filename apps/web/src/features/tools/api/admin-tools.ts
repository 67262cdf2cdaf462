import type { LinkResponse } from '@skolportalen/shared';
import { useQuery } from '@tanstack/react-query';
import { apiList } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { toolsKeys } from './tools-list';

/** GET /link-all: every tool with what the signed-in manager may do with it. */
export async function fetchAdminTools(signal?: AbortSignal) {
  return (await apiList<LinkResponse>(apiPaths.allLinks(), { signal })).items;
}

export function useAdminTools() {
  return useQuery({ queryKey: toolsKeys.admin, queryFn: ({ signal }) => fetchAdminTools(signal) });
}

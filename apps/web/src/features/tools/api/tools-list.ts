import { cacheKeys, durations } from '@skolportalen/shared';
import { linkEndpoints } from '@skolportalen/shared/endpoints/links';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { callList } from '@/lib/api-client';
import { toolsListBody, type ToolsFilter } from '@skolportalen/shared/start-page';

export type { ToolsFilter } from '@skolportalen/shared/start-page';

/** One shape per filter, so equal filters share one cache entry. */
export function normalizeFilter(filter: ToolsFilter = {}): Required<ToolsFilter> {
  return {
    nodeIds: [...(filter.nodeIds ?? [])].sort((a, b) => a - b),
    categoryIds: [...(filter.categoryIds ?? [])].sort((a, b) => a - b),
  };
}

export const toolsKeys = {
  /** Spec §9: the tools list is cached under "tools-list". */
  list: (filter: ToolsFilter = {}) => [cacheKeys.toolsList, normalizeFilter(filter)] as const,
  listAll: [cacheKeys.toolsList] as const,
  available: ['tools', 'available'] as const,
  mine: ['tools', 'mine'] as const,
  admin: ['tools', 'admin'] as const,
};

/** POST /GetLinks: the user's grid (toolsListBody in @skolportalen/shared/start-page). */
async function fetchToolsList(filter: ToolsFilter, signal?: AbortSignal) {
  const body = toolsListBody(filter);
  return (await callList(linkEndpoints.getLinks, { body, signal })).items;
}

/** Spec §9: three minutes in the cache before the list is asked for again. */
export function toolsListQuery(filter: ToolsFilter = {}) {
  return queryOptions({
    queryKey: toolsKeys.list(filter),
    queryFn: ({ signal }) => fetchToolsList(filter, signal),
    staleTime: durations.toolsListCacheMs,
    gcTime: durations.toolsListCacheMs,
  });
}

export function useToolsList(filter: ToolsFilter = {}) {
  return useQuery(toolsListQuery(filter));
}

/**
 * Drops the cached tools lists, e.g. when the user's list changes. A list on
 * screen is asked for again instead, so it never shows a stale entry.
 */
export function clearToolsListCache(queryClient: QueryClient, keep?: ToolsFilter) {
  const kept = keep ? JSON.stringify(toolsKeys.list(keep)) : undefined;
  queryClient.removeQueries({
    queryKey: toolsKeys.listAll,
    type: 'inactive',
    predicate: (query) => JSON.stringify(query.queryKey) !== kept,
  });
  void queryClient.invalidateQueries({
    queryKey: toolsKeys.listAll,
    predicate: (query) => JSON.stringify(query.queryKey) !== kept,
  });
}

const filterKey = (filter: ToolsFilter) => JSON.stringify(normalizeFilter(filter));

/** Spec §9: the tools cache is cleared when the content filter changes. */
export function useClearToolsCacheOnFilterChange(queryClient: QueryClient, filter: ToolsFilter) {
  const previous = useRef(filterKey(filter));
  const current = filterKey(filter);
  useEffect(() => {
    if (previous.current === current) return;
    previous.current = current;
    // The list for the new filter has just been asked for; everything older goes.
    clearToolsListCache(queryClient, JSON.parse(current) as ToolsFilter);
  }, [queryClient, current]);
}

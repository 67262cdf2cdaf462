import type { NodeResponse } from '@skolportalen/shared';
import { useQuery } from '@tanstack/react-query';
import { apiList } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { contentKeys } from './keys';

/**
 * GET /post-target-groups: the groups the signed-in person may aim content
 * at (their own groups and schools, or all of them with the right). The
 * server decides; the picker only offers these.
 */
export function useTargetGroups() {
  return useQuery({
    queryKey: contentKeys.targetGroups,
    queryFn: async ({ signal }) =>
      (await apiList<NodeResponse>(apiPaths.postTargetGroups(), { signal })).items,
    staleTime: 60_000,
  });
}

/** The tops of the allowed part of the tree: allowed groups whose parent is not allowed. */
export function targetRoots(allowed: readonly NodeResponse[]): number[] {
  const ids = new Set(allowed.map((node) => node.id));
  return allowed
    .filter((node) => node.parentId === null || !ids.has(node.parentId))
    .map((node) => node.id);
}

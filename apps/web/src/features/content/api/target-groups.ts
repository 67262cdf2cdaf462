import type { NodeResponse } from '@skolportalen/shared';
import { postEndpoints } from '@skolportalen/shared/endpoints/posts';
import { useQuery } from '@tanstack/react-query';
import { callList } from '@/lib/api-client';
import { contentKeys } from './keys';

/**
 * GET /post-target-groups: the groups the signed-in person may aim content
 * at (their own groups and schools, or all of them with the right). The
 * server decides; the picker only offers these.
 */
export function useTargetGroups() {
  return useQuery({
    queryKey: contentKeys.targetGroups,
    queryFn: async ({ signal }) => (await callList(postEndpoints.targetGroups, { signal })).items,
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

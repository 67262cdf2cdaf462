import type { CategoryResponse, NodeResponse } from '@skolportalen/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiList } from './api-client';
import { apiPaths } from './paths';

/**
 * The groups tree and the role categories (spec §7 startup queries). Several
 * features target groups and roles, so the queries live here.
 */
export const groupKeys = {
  all: ['groups'] as const,
  schoolUnits: ['groups', 'school-units'] as const,
  roleCategories: ['role-categories'] as const,
};

export const groupsQuery = () =>
  queryOptions({
    queryKey: groupKeys.all,
    queryFn: async ({ signal }) =>
      (await apiList<NodeResponse>(apiPaths.groups(), { signal })).items,
    staleTime: 10 * 60_000,
  });

export function useGroups() {
  return useQuery(groupsQuery());
}

export function useSchoolUnits() {
  return useQuery({
    queryKey: groupKeys.schoolUnits,
    queryFn: async ({ signal }) =>
      (await apiList<NodeResponse>(apiPaths.schoolUnits(), { signal })).items,
    staleTime: 10 * 60_000,
  });
}

export function useRoleCategories() {
  return useQuery({
    queryKey: groupKeys.roleCategories,
    queryFn: async ({ signal }) =>
      (await apiList<CategoryResponse>(apiPaths.roleCategories(), { signal })).items,
    staleTime: 10 * 60_000,
  });
}

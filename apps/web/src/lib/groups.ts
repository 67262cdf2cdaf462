import { ids, paging } from '@skolportalen/shared';
import { categoryEndpoints } from '@skolportalen/shared/endpoints/categories';
import { nodeEndpoints } from '@skolportalen/shared/endpoints/nodes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callList } from './api-client';

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
      (
        await callList(nodeEndpoints.list, {
          query: { categoryId: ids.groupCategoryId, perPage: paging.maxPerPage, sort: 'name ASC' },
          signal,
        })
      ).items,
    staleTime: 10 * 60_000,
  });

export function useGroups() {
  return useQuery(groupsQuery());
}

export function useSchoolUnits() {
  return useQuery({
    queryKey: groupKeys.schoolUnits,
    queryFn: async ({ signal }) =>
      (
        await callList(nodeEndpoints.list, {
          query: {
            categoryId: ids.groupCategoryId,
            type: ['Skolenhet'],
            perPage: paging.maxPerPage,
            sort: 'name ASC',
          },
          signal,
        })
      ).items,
    staleTime: 10 * 60_000,
  });
}

export function useRoleCategories() {
  return useQuery({
    queryKey: groupKeys.roleCategories,
    queryFn: async ({ signal }) =>
      (
        await callList(categoryEndpoints.list, {
          query: { type: 'role', perPage: paging.maxPerPage },
          signal,
        })
      ).items,
    staleTime: 10 * 60_000,
  });
}

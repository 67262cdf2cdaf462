import type { CategoryResponse, NodeResponse } from '@skolportalen/shared';
import { userEndpoints } from '@skolportalen/shared/endpoints/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './api-client';

/**
 * The signed-in user (spec §7 startup). Guards, the shell and several features
 * read it, so it lives here rather than in one feature.
 */
export const currentUserKeys = {
  all: ['current-user'] as const,
};

export const currentUserQuery = () =>
  queryOptions({
    queryKey: currentUserKeys.all,
    queryFn: ({ signal }) => call(userEndpoints.current, { signal }),
    staleTime: 5 * 60_000,
  });

export function useCurrentUser(options: { enabled?: boolean } = {}) {
  return useQuery({ ...currentUserQuery(), enabled: options.enabled ?? true });
}

/** The category of type role the user's main role links to; the shell waits for it (spec §2). */
export function roleCategoryOf(user: { categories: readonly CategoryResponse[] }) {
  return user.categories.find((category) => category.type === 'role');
}

/** The user's school: the first group of type Skolenhet. */
export function schoolOf(user: { groups: readonly NodeResponse[] }): NodeResponse | undefined {
  return user.groups.find((group) => group.type === 'Skolenhet');
}

import { userEndpoints } from '@skolportalen/shared/endpoints/users';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callList } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export interface UserListParams {
  search: string;
  role: string;
  nodeId: number | null;
  /** Accounts in use (the default on the server), disabled ones, or all. */
  status: 'active' | 'disabled' | 'all';
  page: number;
  perPage: number;
}

/** The user list: search, filters by role and group, paging; the total from the header. */
export function useUserList(params: UserListParams) {
  return useQuery({
    queryKey: adminKeys.userList(params),
    queryFn: ({ signal }) =>
      callList(userEndpoints.list, {
        query: {
          search: params.search.trim(),
          role: params.role,
          nodeId: params.nodeId === null ? undefined : [params.nodeId],
          status: params.status,
          page: params.page,
          perPage: params.perPage,
          sort: 'name ASC',
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

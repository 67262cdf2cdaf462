import type { UserDetailResponse } from '@skolportalen/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { adminKeys } from './admin-keys';

export function useAdminUser(id: number | null) {
  return useQuery({
    queryKey: adminKeys.user(id ?? 0),
    queryFn: ({ signal }) => apiRequest<UserDetailResponse>(apiPaths.user(id!), { signal }),
    enabled: id !== null,
  });
}

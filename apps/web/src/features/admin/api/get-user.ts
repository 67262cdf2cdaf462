import { userAdminEndpoints } from '@skolportalen/shared/endpoints/user-admin';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export function useAdminUser(id: number | null) {
  return useQuery({
    queryKey: adminKeys.user(id ?? 0),
    queryFn: ({ signal }) => call(userAdminEndpoints.get, { params: { id: id! }, signal }),
    enabled: id !== null,
  });
}

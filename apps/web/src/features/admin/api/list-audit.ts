import { auditEndpoints } from '@skolportalen/shared/endpoints/audit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callList } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export interface AuditParams {
  action: string;
  page: number;
  perPage: number;
}

export function useAuditLog(params: AuditParams) {
  return useQuery({
    queryKey: adminKeys.audit(params),
    queryFn: ({ signal }) =>
      callList(auditEndpoints.list, {
        query: { action: params.action.trim(), page: params.page, perPage: params.perPage },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

import type { AuditEntryResponse } from '@skolportalen/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiList } from '@/lib/api-client';
import { apiPaths, withQuery } from '@/lib/paths';
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
      apiList<AuditEntryResponse>(
        withQuery(apiPaths.audit(), {
          action: params.action.trim(),
          page: params.page,
          perPage: params.perPage,
        }),
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

import type { TokenResponse } from '@skolportalen/shared';
import { tokenEndpoints } from '@skolportalen/shared/endpoints/tokens';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callList } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export interface TokenListParams {
  userId?: number;
  /** A token type, or all (`''`). */
  type?: TokenResponse['type'] | '';
  /** A status, or all (`''`). */
  status?: TokenResponse['status'] | '';
  page: number;
  perPage: number;
}

export function useTokenList(params: TokenListParams) {
  return useQuery({
    queryKey: adminKeys.tokenList(params),
    queryFn: ({ signal }) =>
      callList(tokenEndpoints.list, {
        query: {
          userId: params.userId,
          type: params.type ? [params.type] : undefined,
          status: params.status || undefined,
          page: params.page,
          perPage: params.perPage,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

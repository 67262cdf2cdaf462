import type { TokenListItem } from '@skolportalen/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiList } from '@/lib/api-client';
import { apiPaths, withQuery } from '@/lib/paths';
import { adminKeys } from './admin-keys';

export interface TokenListParams {
  userId?: number;
  type?: string;
  status?: string;
  page: number;
  perPage: number;
}

export function useTokenList(params: TokenListParams) {
  return useQuery({
    queryKey: adminKeys.tokenList(params),
    queryFn: ({ signal }) =>
      apiList<TokenListItem>(
        withQuery(apiPaths.tokens(), {
          userId: params.userId,
          type: params.type ? [params.type] : undefined,
          status: params.status,
          page: params.page,
          perPage: params.perPage,
        }),
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

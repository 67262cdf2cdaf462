import { documentEndpoints } from '@skolportalen/shared/endpoints/documents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { documentKeys, readOptions } from './keys';

export const documentFavoritesQuery = () =>
  queryOptions({
    queryKey: documentKeys.favorites(),
    queryFn: async ({ signal }) => {
      const body = await call(documentEndpoints.favorites, {
        query: { maxItems: 1000 },
        signal,
        ...readOptions,
      });
      return body.list.entries.map(({ entry }) => entry);
    },
  });

export function useDocumentFavorites() {
  return useQuery(documentFavoritesQuery());
}

import type { DocumentFavorite } from '@skolportalen/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { documentKeys, readOptions, type DocumentListBody } from './keys';

export const documentFavoritesQuery = () =>
  queryOptions({
    queryKey: documentKeys.favorites(),
    queryFn: async ({ signal }) => {
      const body = await apiRequest<DocumentListBody<DocumentFavorite>>(
        apiPaths.documentFavorites(),
        { signal, ...readOptions },
      );
      return body.list.entries.map(({ entry }) => entry);
    },
  });

export function useDocumentFavorites() {
  return useQuery(documentFavoritesQuery());
}

import type { DocumentSite } from '@skolportalen/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { documentKeys, readOptions, type DocumentListBody } from './keys';

export function useDocumentSites() {
  return useQuery({
    queryKey: documentKeys.sites(),
    queryFn: async ({ signal }) => {
      const body = await apiRequest<DocumentListBody<DocumentSite>>(apiPaths.documentSites(), {
        signal,
        ...readOptions,
      });
      return body.list.entries.map(({ entry }) => entry);
    },
  });
}

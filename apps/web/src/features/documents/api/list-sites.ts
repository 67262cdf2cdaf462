import { documentEndpoints } from '@skolportalen/shared/endpoints/documents';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { documentKeys, readOptions } from './keys';

export function useDocumentSites() {
  return useQuery({
    queryKey: documentKeys.sites(),
    queryFn: async ({ signal }) => {
      const body = await call(documentEndpoints.sites, {
        query: { maxItems: 1000 },
        signal,
        ...readOptions,
      });
      return body.list.entries.map(({ entry }) => entry);
    },
  });
}

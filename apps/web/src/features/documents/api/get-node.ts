import type { DocumentNode } from '@skolportalen/shared';
import { documentEndpoints } from '@skolportalen/shared/endpoints/documents';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { documentKeys, readOptions } from './keys';

export type NodeView =
  | { kind: 'folder'; folder: DocumentNode; children: DocumentNode[] }
  | { kind: 'document'; document: DocumentNode };

/** A folder with its children, or a document's metadata (GET /node/{guid}). */
export function useDocumentNode(guid: string | undefined) {
  return useQuery({
    queryKey: documentKeys.node(guid ?? ''),
    enabled: Boolean(guid),
    queryFn: async ({ signal }): Promise<NodeView> => {
      const body = await call(documentEndpoints.node, {
        params: { id: guid! },
        query: { maxItems: 1000 },
        signal,
        ...readOptions,
      });
      if ('entry' in body) return { kind: 'document', document: body.entry };
      return {
        kind: 'folder',
        folder: body.list.source!,
        children: body.list.entries.map(({ entry }) => entry),
      };
    },
  });
}

import type { DocumentNode } from '@skolportalen/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { documentKeys, readOptions, type DocumentListBody } from './keys';

export type NodeView =
  | { kind: 'folder'; folder: DocumentNode; children: DocumentNode[] }
  | { kind: 'document'; document: DocumentNode };

/** A folder with its children, or a document's metadata (GET /node/{guid}). */
export function useDocumentNode(guid: string | undefined) {
  return useQuery({
    queryKey: documentKeys.node(guid ?? ''),
    enabled: Boolean(guid),
    queryFn: async ({ signal }): Promise<NodeView> => {
      const body = await apiRequest<
        DocumentListBody<DocumentNode, DocumentNode> | { entry: DocumentNode }
      >(apiPaths.documentNode(guid!), { signal, ...readOptions });
      if ('entry' in body) return { kind: 'document', document: body.entry };
      return {
        kind: 'folder',
        folder: body.list.source!,
        children: body.list.entries.map(({ entry }) => entry),
      };
    },
  });
}

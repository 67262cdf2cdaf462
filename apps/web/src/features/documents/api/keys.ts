/** Query keys of the documents area; a change to a folder refreshes everything under it. */
export const documentKeys = {
  all: ['documents'] as const,
  sites: () => ['documents', 'sites'] as const,
  node: (guid: string) => ['documents', 'node', guid] as const,
  favorites: () => ['documents', 'favorites'] as const,
};

/** Alfresco's list envelope as the API sends it. */
export interface DocumentListBody<T, S = undefined> {
  list: {
    pagination: { count: number; hasMoreItems: boolean; totalItems: number };
    entries: { entry: T }[];
    source?: S;
  };
}

import type { MediaFileType } from '@skolportalen/shared';

export interface MediaFilters {
  search: string;
  categoryIds: readonly number[];
  fileTypes: readonly MediaFileType[];
  page: number;
  perPage: number;
}

/** Query keys of the media library; every write invalidates `all`. */
export const mediaKeys = {
  all: ['media'] as const,
  list: (filters: MediaFilters) => ['media', 'list', filters] as const,
  item: (id: number) => ['media', 'item', id] as const,
  categories: ['media', 'categories'] as const,
};

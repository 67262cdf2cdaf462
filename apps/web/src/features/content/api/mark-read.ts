import type { PostListItem, PostResponse } from '@skolportalen/shared';
import { postEndpoints } from '@skolportalen/shared/endpoints/posts';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { call, type ListResult } from '@/lib/api-client';
import { contentKeys } from './keys';

type Cached =
  PostResponse | ListResult<PostListItem> | InfiniteData<ListResult<PostListItem>> | undefined;

const markItem = <T extends { id: number; isRead: boolean }>(item: T, id: number): T =>
  item.id === id ? { ...item, isRead: true } : item;

/** Marks the post read in every cached copy, so lists and the reader agree at once. */
function markCached(data: Cached, id: number): Cached {
  if (!data || typeof data !== 'object') return data;
  if ('pages' in data) {
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        items: page.items.map((item) => markItem(item, id)),
      })),
    };
  }
  if ('items' in data) return { ...data, items: data.items.map((item) => markItem(item, id)) };
  if ('id' in data) return markItem(data, id);
  return data;
}

/** POST /post-read/{id}: recorded once per reader. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(postEndpoints.markRead, { params: { id: String(id) } }),
    onSuccess: (_receipt, id) => {
      queryClient.setQueriesData<Cached>({ queryKey: contentKeys.all }, (data) =>
        markCached(data, id),
      );
    },
  });
}

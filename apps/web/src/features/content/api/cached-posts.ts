import type { PostListItem, PostResponse } from '@skolportalen/shared';
import type { InfiniteData } from '@tanstack/react-query';
import type { ListResult } from '@/lib/api-client';

/** What the content area keeps under `contentKeys.all`: a post, a list, or the feed's pages. */
export type CachedPosts =
  PostResponse | ListResult<PostListItem> | InfiniteData<ListResult<PostListItem>> | undefined;

type Patch = Partial<Pick<PostListItem, 'isRead' | 'myAcknowledgement'>>;

const patchItem = <T extends { id: number }>(item: T, id: number, patch: Patch): T =>
  item.id === id ? { ...item, ...patch } : item;

/**
 * Changes one post in a cached copy, whatever its shape, so lists, the feed
 * and the reading page agree at once without asking the server again.
 */
export function patchCachedPost(data: CachedPosts, id: number, patch: Patch): CachedPosts {
  if (!data || typeof data !== 'object') return data;
  if ('pages' in data) {
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        items: page.items.map((item) => patchItem(item, id, patch)),
      })),
    };
  }
  if ('items' in data) {
    return { ...data, items: data.items.map((item) => patchItem(item, id, patch)) };
  }
  if ('id' in data) return patchItem(data, id, patch);
  return data;
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryCache } from './cache';

afterEach(() => vi.useRealTimers());

describe('memoryCache', () => {
  it('keeps values as JSON for their lifetime', async () => {
    vi.useFakeTimers();
    const cache = memoryCache();
    const value = { tools: [1, 2] };
    await cache.set('tools-list', value, 180_000);
    value.tools.push(3);
    expect(await cache.get('tools-list')).toEqual({ tools: [1, 2] });
    vi.advanceTimersByTime(180_001);
    expect(await cache.get('tools-list')).toBeUndefined();
  });

  it('forgets the least recently used entry when full, and deletes on request', async () => {
    const cache = memoryCache(2);
    await cache.set('a', 1, 60_000);
    await cache.set('b', 2, 60_000);
    await cache.get('a');
    await cache.set('c', 3, 60_000);
    expect(await cache.get('b')).toBeUndefined();
    expect(await cache.get('a')).toBe(1);
    await cache.delete('a');
    expect(await cache.get('a')).toBeUndefined();
  });
});

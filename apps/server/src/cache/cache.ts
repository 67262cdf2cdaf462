import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/**
 * A small shared cache: Redis when the portal runs as several instances, an
 * in-process map otherwise. Values are JSON; every entry has a lifetime.
 */
export interface Cache {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
}

const prefix = 'skolportalen:';

export function redisCache(redis: Redis): Cache {
  return {
    async get<T>(key: string) {
      const raw = await redis.get(prefix + key);
      return raw === null ? undefined : (JSON.parse(raw) as T);
    },
    async set(key, value, ttlMs) {
      await redis.set(prefix + key, JSON.stringify(value), 'PX', Math.max(1, Math.round(ttlMs)));
    },
    async delete(key) {
      await redis.del(prefix + key);
    },
  };
}

/** Least recently used entries go first once `maxEntries` is reached. */
export function memoryCache(maxEntries = 10_000): Cache {
  const entries = new LRUCache<string, string>({
    max: maxEntries,
    // Lifetimes by the wall clock, read at every check, as the rest of the portal's times.
    perf: { now: () => Date.now() },
    ttlResolution: 0,
  });
  return {
    async get<T>(key: string) {
      const value = entries.get(key);
      return value === undefined ? undefined : (JSON.parse(value) as T);
    },
    async set(key, value, ttlMs) {
      entries.set(key, JSON.stringify(value), { ttl: Math.max(1, ttlMs) });
    },
    async delete(key) {
      entries.delete(key);
    },
  };
}

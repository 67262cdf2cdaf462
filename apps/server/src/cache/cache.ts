import type { Redis } from 'ioredis';

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
  const entries = new Map<string, { value: string; expiresAt: number }>();
  return {
    async get<T>(key: string) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expiresAt <= Date.now()) return undefined;
      entries.set(key, entry);
      return JSON.parse(entry.value) as T;
    },
    async set(key, value, ttlMs) {
      entries.delete(key);
      entries.set(key, { value: JSON.stringify(value), expiresAt: Date.now() + ttlMs });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
    async delete(key) {
      entries.delete(key);
    },
  };
}

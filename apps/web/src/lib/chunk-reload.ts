import { durations, sessionStorageKeys } from '@skolportalen/shared';

/** A route's code chunk could not be loaded — typically a deploy replaced the files. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';

  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

const browserChunkMessages = [
  'Failed to fetch dynamically imported module',
  'error loading dynamically imported module',
  'Importing a module script failed',
  'Unable to preload CSS',
];

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  return (
    error instanceof Error &&
    browserChunkMessages.some((message) => error.message.includes(message))
  );
}

/**
 * Spec §8: a failed chunk load reloads the page, at most once per 60 seconds,
 * so a chunk that is really gone cannot trap the browser in a reload loop.
 * Returns true when the caller may reload now (and records that it did).
 */
export function claimChunkReload(now: number = Date.now(), storage: Storage = sessionStorage) {
  try {
    const last = Number(storage.getItem(sessionStorageKeys.chunkReloadAt));
    if (Number.isFinite(last) && last > 0 && now - last < durations.chunkReloadGuardMs) {
      return false;
    }
    storage.setItem(sessionStorageKeys.chunkReloadAt, String(now));
    return true;
  } catch {
    // Without storage there is no way to remember a reload: do not risk a loop.
    return false;
  }
}

import { durations, sessionStorageKeys } from '@skolportalen/shared';
import { describe, expect, it } from 'vitest';
import { ChunkLoadError, claimChunkReload, isChunkLoadError } from './chunk-reload';

describe('chunk reload guard (spec §8)', () => {
  it('allows one reload per 60 seconds', () => {
    const start = 1_000_000;
    expect(claimChunkReload(start)).toBe(true);
    expect(sessionStorage.getItem(sessionStorageKeys.chunkReloadAt)).toBe(String(start));
    expect(claimChunkReload(start + 1_000)).toBe(false);
    expect(claimChunkReload(start + durations.chunkReloadGuardMs - 1)).toBe(false);
    expect(claimChunkReload(start + durations.chunkReloadGuardMs)).toBe(true);
  });

  it('recognises failed chunk loads', () => {
    expect(isChunkLoadError(new ChunkLoadError(new Error('x')))).toBe(true);
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /a.js')),
    ).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});

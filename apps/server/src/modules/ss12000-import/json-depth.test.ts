import { describe, expect, it } from 'vitest';
import { jsonDepthExceeds } from './json-depth';

describe('jsonDepthExceeds', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(jsonDepthExceeds('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(jsonDepthExceeds('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(jsonDepthExceeds('{"a":"[[[[[[{{{{"}', 1)).toBe(false);
    expect(jsonDepthExceeds('{"a":"\\"[[[["}', 1)).toBe(false);
  });

  it('turns away a hostile nesting quickly', () => {
    const hostile = '['.repeat(1_000_000) + ']'.repeat(1_000_000);
    const started = performance.now();
    expect(jsonDepthExceeds(hostile, 32)).toBe(true);
    expect(performance.now() - started).toBeLessThan(100);
  });
});

import { describe, expect, it } from 'vitest';
import { createSingleFlight } from './single-flight';

describe('one computation per key at a time', () => {
  it('shares a running computation, and computes again once it has settled', async () => {
    const flight = createSingleFlight<number>();
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const compute = async () => {
      runs++;
      await gate;
      return runs;
    };
    const together = [flight.once('a', compute), flight.once('a', compute)];
    const other = flight.once('b', async () => 99);
    expect(flight.size).toBe(2);
    release();
    expect(await Promise.all(together)).toEqual([1, 1]);
    expect(await other).toBe(99);
    expect(flight.size).toBe(0);
    expect(await flight.once('a', compute)).toBe(2);
  });

  it('keeps no failure: the next caller tries again', async () => {
    const flight = createSingleFlight<string>();
    await expect(flight.once('k', () => Promise.reject(new Error('nej')))).rejects.toThrow('nej');
    expect(flight.size).toBe(0);
    expect(await flight.once('k', async () => 'ja')).toBe('ja');
  });
});

/**
 * One computation per key at a time: callers that ask while it runs share
 * its promise, and the key is free again once it settles (a failure is not
 * kept either). For readings that many requests want at the same moment.
 */
export function createSingleFlight<T>() {
  const running = new Map<string, Promise<T>>();
  return {
    once(key: string, compute: () => Promise<T>): Promise<T> {
      const known = running.get(key);
      if (known) return known;
      const pending = compute();
      running.set(key, pending);
      const forget = () => {
        if (running.get(key) === pending) running.delete(key);
      };
      pending.then(forget, forget);
      return pending;
    },
    /** Keys running now (for tests). */
    get size() {
      return running.size;
    },
  };
}

export type SingleFlight<T> = ReturnType<typeof createSingleFlight<T>>;

import { useSyncExternalStore } from 'react';

export interface RequestActivity {
  pending: number;
  /** Whether the most recently finished request failed; drives the loading bar's error state. */
  failed: boolean;
}

type Listener = () => void;

/** Counts the API client's requests in flight, for the loading bar. */
export function createRequestTracker() {
  let state: RequestActivity = { pending: 0, failed: false };
  const listeners = new Set<Listener>();
  const set = (next: RequestActivity) => {
    state = next;
    listeners.forEach((listener) => listener());
  };

  return {
    /** Marks a request as started; call the returned function once it settles. */
    start(): (outcome: 'ok' | 'failed') => void {
      set({ pending: state.pending + 1, failed: state.pending === 0 ? false : state.failed });
      let settled = false;
      return (outcome) => {
        if (settled) return;
        settled = true;
        set({
          pending: Math.max(0, state.pending - 1),
          failed: state.failed || outcome === 'failed',
        });
      };
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,
  };
}

export type RequestTracker = ReturnType<typeof createRequestTracker>;

export const requestTracker = createRequestTracker();

export function useRequestActivity(tracker: RequestTracker = requestTracker): RequestActivity {
  return useSyncExternalStore(tracker.subscribe, tracker.getSnapshot, tracker.getSnapshot);
}

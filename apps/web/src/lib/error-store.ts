import { useSyncExternalStore } from 'react';

/** One failed request as the error toasts show it (spec §8). */
export interface ErrorEntry {
  id: number;
  status: number;
  url: string;
  message: string;
}

type Listener = () => void;

/**
 * The central error store: every error an API caller did not handle itself
 * lands here and stays until the user closes it, so errors accumulate.
 */
export function createErrorStore() {
  let entries: readonly ErrorEntry[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((listener) => listener());

  return {
    push(entry: Omit<ErrorEntry, 'id'>): number {
      const id = nextId++;
      entries = [...entries, { ...entry, id }];
      emit();
      return id;
    },
    dismiss(id: number) {
      entries = entries.filter((entry) => entry.id !== id);
      emit();
    },
    clear() {
      entries = [];
      emit();
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => entries,
  };
}

export type ErrorStore = ReturnType<typeof createErrorStore>;

export const errorStore = createErrorStore();

export function useErrorEntries(store: ErrorStore = errorStore): readonly ErrorEntry[] {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

import { staticClosure, type ModuleGraph } from './module-graph';

/** A module of an npm package rather than of the portal's own workspaces. */
const npmPackage = /[\\/]node_modules[\\/]/;

/** The workspace package both the app and the server import (texts, schemas, endpoints). */
const sharedPackage = /[\\/]packages[\\/]shared[\\/]/;

/** The named chunks, in the order their modules are taken. */
export const chunkGroupNames = [
  'early-requests',
  'vendor',
  'app-shell',
  'start-shared',
  'start-page',
] as const;

export interface StartPageModules {
  /** The app's entry module (src/main.tsx). */
  main: string;
  /** The start page's early-requests script (src/early-requests-entry.ts), an entry of its own. */
  earlyRequests: string;
  /** The start page's lazily loaded module (src/app/pages/start-page.tsx). */
  startPage: string;
}

/** Which named chunk a module belongs in, or null for Rolldown's own splitting. */
export type ChunkGroupOf = (id: string, graph: ModuleGraph) => string | null;

/**
 * Sorts the code the start page needs into a handful of chunks instead of the
 * sixty small ones Rolldown's automatic splitting made of it (each a request,
 * and compressed apart, so less well). It is asked only about modules an entry
 * really loads (the groups' `$initial` tag in vite.config.ts), so where the
 * closures below take in more than the bundler keeps, that decides a module's
 * chunk, never whether the first page loads it.
 *
 * - `early-requests`: what the early-requests script shares with the app. It
 *   runs before the app, so it must stay small and free of React.
 * - `vendor`: the npm packages the first screens use (React, React DOM, the
 *   router, MUI and Emotion, TanStack Query). They change with an upgrade, or
 *   when a first screen takes up another MUI component, not with every deploy,
 *   so a returning reader keeps them cached. One chunk rather than one per
 *   library: a request fewer, and 1.6 kB less with Brotli than React and MUI
 *   apart.
 * - `app-shell`: the app's own code that the entry imports statically (frame,
 *   route table, api client).
 * - `start-shared`: what the start page takes from the shared package, mostly
 *   its sections' texts. `sv` imports those too, so the other pages load this
 *   chunk with `sv` rather than the start page's code.
 * - `start-page`: the start page's own modules.
 *
 * Everything else (other pages, dialogs, the editor, the administration) is
 * left to Rolldown's splitting, so it still loads only where it is used.
 */
export function startPageChunkGroup(entries: StartPageModules): ChunkGroupOf {
  let sets: { early: Set<string>; initial: Set<string>; start: Set<string> } | undefined;
  return (id, graph) => {
    if (!sets) {
      // The module graph is complete when chunking starts, so the closures are taken once.
      const early = staticClosure(graph, entries.earlyRequests);
      early.delete(entries.earlyRequests);
      const initial = staticClosure(graph, entries.main);
      const start = staticClosure(graph, entries.startPage);
      for (const shared of early) initial.delete(shared);
      for (const shared of [...early, ...initial]) start.delete(shared);
      sets = { early, initial, start };
    }
    const { early, initial, start } = sets;
    if (early.has(id)) return 'early-requests';
    // Vite's modulepreload polyfill, which index.html's entry imports beside main.tsx.
    if (id.includes('modulepreload-polyfill')) return 'app-shell';
    if (!initial.has(id) && !start.has(id)) return null;
    if (npmPackage.test(id)) return 'vendor';
    if (initial.has(id)) return 'app-shell';
    return sharedPackage.test(id) ? 'start-shared' : 'start-page';
  };
}

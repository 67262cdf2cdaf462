import { createElement, lazy, useState, type ComponentType, type FunctionComponent } from 'react';
import { ChunkLoadError } from './chunk-reload';

/** A route page whose code loads on demand, or ahead of time through `preload`. */
export interface LazyPage extends FunctionComponent {
  /**
   * Fetches the page's code before anyone opens it (lib/page-preload.ts); resolves
   * either way, since the page's own render reports a failure to load.
   */
  preload(): Promise<void>;
}

/**
 * React.lazy for route pages; a failed import surfaces as ChunkLoadError for
 * the route error boundary. A page whose code has already arrived — preloaded,
 * or named by `loaded` — renders at once instead of suspending: React holds a
 * suspended page's content back for some 300 ms after its fallback showed, a
 * second round of loading for code that was already there.
 */
export function lazyPage(
  load: () => Promise<{ default: ComponentType }>,
  loaded?: () => ComponentType | undefined,
): LazyPage {
  let pending: Promise<{ default: ComponentType }> | undefined;
  let arrived: ComponentType | undefined;
  // One import for the preload and the render, so the code is asked for once.
  const start = () =>
    (pending ??= load().then(
      (module) => {
        arrived = module.default;
        return module;
      },
      (error: unknown) => {
        // Forgotten, so opening the page tries again (and then reports).
        pending = undefined;
        throw new ChunkLoadError(error);
      },
    ));
  const Lazy = lazy(start);
  function Page() {
    // Chosen once per mount, so a page never switches component under the reader.
    const [Component] = useState(() => loaded?.() ?? arrived ?? Lazy);
    return createElement(Component);
  }
  Page.preload = () =>
    start().then(
      () => undefined,
      () => undefined,
    );
  return Page;
}

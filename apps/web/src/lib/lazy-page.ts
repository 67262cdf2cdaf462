import { createElement, lazy, useState, type ComponentType } from 'react';
import { ChunkLoadError } from './chunk-reload';

/**
 * React.lazy for route pages; a failed import surfaces as ChunkLoadError for
 * the route error boundary. `loaded` may name the page's component when its
 * code has already arrived (it was preloaded): the page then renders at once
 * instead of showing the loading fallback for a frame while React.lazy looks.
 */
export function lazyPage(
  load: () => Promise<{ default: ComponentType }>,
  loaded?: () => ComponentType | undefined,
): ComponentType {
  const Lazy = lazy(() =>
    load().catch((error: unknown) => {
      throw new ChunkLoadError(error);
    }),
  );
  if (!loaded) return Lazy;
  return function PreloadedPage() {
    // Chosen once per mount, so a page never switches component under the reader.
    const [Page] = useState(() => loaded() ?? Lazy);
    return createElement(Page);
  };
}

import { lazy, type ComponentType } from 'react';
import { ChunkLoadError } from './chunk-reload';

/** React.lazy for route pages; a failed import surfaces as ChunkLoadError for the route error boundary. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return lazy(() =>
    load().catch((error: unknown) => {
      throw new ChunkLoadError(error);
    }),
  );
}

import { lazy, Suspense, useState, type ComponentType } from 'react';
import { ChunkLoadError } from './chunk-reload';

/**
 * A dialog, menu or drawer whose code loads the first time it opens rather
 * than with the first page (the bundle budget, issue 11). From then on it
 * stays mounted, so closing plays out and focus goes back. A failed load is a
 * ChunkLoadError, which the route error boundary answers with a reload, as
 * for a page.
 */
export function lazyOverlay<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>) {
  const Loaded = lazy(() =>
    load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        throw new ChunkLoadError(error);
      },
    ),
  );
  function LazyOverlay(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return LazyOverlay;
}

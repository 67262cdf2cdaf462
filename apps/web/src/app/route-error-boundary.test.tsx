import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyPage } from '@/lib/lazy-page';
import { navigateTo, reloadPage } from '@/lib/navigation';
import { renderRoutes } from '@/test/render';
import { buildRoutes } from './router';
import { notFoundRoute, type RouteDefinition } from './route-table';

vi.mock('@/lib/navigation', () => ({
  navigateTo: vi.fn(),
  reloadPage: vi.fn(),
  fullPageLoad: vi.fn(),
  currentPath: () => '/',
  setNavigator: vi.fn(),
}));

function brokenChunkTable(): RouteDefinition[] {
  const Broken = lazyPage(() =>
    Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
  );
  return [{ path: '/trasig', layout: 'plain', guards: [], title: 'Trasig', page: Broken }];
}

beforeEach(() => {
  // React and the router log every caught render error; the test expects them.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('failed chunk loads', () => {
  it('reload the page once, then lead to /error within 60 seconds', async () => {
    const first = renderRoutes(buildRoutes(brokenChunkTable(), notFoundRoute), '/trasig');
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(navigateTo).not.toHaveBeenCalled();
    first.unmount();

    // The reload brought back the same broken chunk.
    renderRoutes(buildRoutes(brokenChunkTable(), notFoundRoute), '/trasig');
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith('/error', { replace: true }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('shows the error page instead of looping when /error itself fails', async () => {
    sessionStorage.setItem('skolportalen.chunk-reload-at', String(Date.now()));
    const Broken = lazyPage(() =>
      Promise.reject(new TypeError('Importing a module script failed.')),
    );
    const table: RouteDefinition[] = [
      { path: '/error', layout: 'plain', guards: [], title: 'Fel', page: Broken },
    ];
    renderRoutes(buildRoutes(table, notFoundRoute), '/error');
    expect(await screen.findByText('An error occurred')).toBeInTheDocument();
    expect(navigateTo).not.toHaveBeenCalled();
    expect(reloadPage).not.toHaveBeenCalled();
  });
});

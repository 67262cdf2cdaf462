import { lazy, Suspense, useCallback, useLayoutEffect, useMemo, type ComponentType } from 'react';
import { matchRoutes, useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { PageLoading } from '@/components/loading-card';
import { UnavailablePage } from '@/components/status-page';
import { ChunkLoadError } from '@/lib/chunk-reload';
import { setNavigator } from '@/lib/navigation';
import { PagePreloadContext, preloadRoute } from '@/lib/page-preload';
import { GuardGate } from './guards/guard-gate';
import { guardRegistry, type GuardRegistry } from './guards/guard-registry';
import { DefaultLayout } from './layouts/default-layout';
import { PlainLayout } from './layouts/plain-layout';
import { RootLayout } from './layouts/root-layout';
import { RouteErrorBoundary } from './route-error-boundary';
import { RouteHandleContext, routeHandleOf, type RouteHandle } from './route-handle';
import { notFoundRoute, routeTable, type LayoutName, type RouteDefinition } from './route-table';

// The administration's navigation loads with the admin pages, not with the first page.
const AdminArea = lazy(() =>
  import('./navigation/admin-area').catch((error: unknown) => {
    throw new ChunkLoadError(error);
  }),
);

function RoutePage({ definition }: { definition: RouteDefinition }) {
  const { pathname } = useLocation();
  const Page = definition.page;
  const page = Page ? <Page /> : <UnavailablePage title={definition.title} />;
  // Keyed by path so a page reached with other parameters starts fresh.
  return (
    <Suspense key={pathname} fallback={<PageLoading />}>
      {definition.area === 'admin' ? <AdminArea>{page}</AdminArea> : page}
    </Suspense>
  );
}

function toRoute(definition: RouteDefinition): RouteObject {
  const handle: RouteHandle = {
    guards: definition.guards,
    title: definition.title,
    preload: definition.page?.preload,
  };
  return {
    path: definition.path,
    handle,
    element: (
      <RouteErrorBoundary>
        <RoutePage definition={definition} />
      </RouteErrorBoundary>
    ),
  };
}

export interface BuildOptions {
  registry?: GuardRegistry;
  layouts?: Record<LayoutName, ComponentType>;
}

/** Root → guard gate → layout → page, built from the one route table. */
export function buildRoutes(
  table: readonly RouteDefinition[] = routeTable,
  fallback: RouteDefinition = notFoundRoute,
  {
    registry = guardRegistry,
    layouts = { default: DefaultLayout, plain: PlainLayout },
  }: BuildOptions = {},
): RouteObject[] {
  const inLayout = (name: LayoutName) =>
    [...table, fallback].filter((definition) => definition.layout === name).map(toRoute);
  const Plain = layouts.plain;
  const Default = layouts.default;
  return [
    {
      element: (
        <RouteErrorBoundary framed>
          <RootLayout />
        </RouteErrorBoundary>
      ),
      children: [
        {
          element: <GuardGate registry={registry} />,
          children: [
            { element: <Plain />, children: inLayout('plain') },
            { element: <Default />, children: inLayout('default') },
          ],
        },
      ],
    },
  ];
}

/**
 * The routes at the current address, inside a `<BrowserRouter>` (app.tsx) or a
 * `<MemoryRouter>` (the tests). The declarative router, not the data router
 * (`createBrowserRouter`): the portal loads no data through the router, whose
 * loaders, actions and revalidation were 14 kB of the start page (decision 0049).
 * What the data router gave besides, this gives itself: the matched page's handle
 * (guards and title) through RouteHandleContext, error boundaries per page
 * (route-error-boundary.tsx), the navigate of code outside React (lib/navigation.ts),
 * and the preload of the page at any path (lib/page-preload.ts, the login page's way back).
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const navigate = useNavigate();
  const handle = useMemo(() => routeHandleOf(matchRoutes(routes, location)), [routes, location]);
  const preload = useCallback((path: string) => preloadRoute(routes, path), [routes]);
  useLayoutEffect(() => {
    setNavigator((to, options) => void navigate(to, options));
  }, [navigate]);
  return (
    <PagePreloadContext value={preload}>
      <RouteHandleContext value={handle}>{useRoutes(routes, location)}</RouteHandleContext>
    </PagePreloadContext>
  );
}

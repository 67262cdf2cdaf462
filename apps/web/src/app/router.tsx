import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, useLocation, type RouteObject } from 'react-router';
import { PageLoading } from '@/components/loading-card';
import { UnavailablePage } from '@/components/status-page';
import { ChunkLoadError } from '@/lib/chunk-reload';
import { setNavigator } from '@/lib/navigation';
import { GuardGate } from './guards/guard-gate';
import { guardRegistry, type GuardRegistry } from './guards/guard-registry';
import { DefaultLayout } from './layouts/default-layout';
import { PlainLayout } from './layouts/plain-layout';
import { RootLayout } from './layouts/root-layout';
import { RouteErrorBoundary } from './route-error-boundary';
import type { RouteHandle } from './route-handle';
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
  const handle: RouteHandle = { guards: definition.guards, title: definition.title };
  return {
    path: definition.path,
    handle,
    element: <RoutePage definition={definition} />,
    errorElement: <RouteErrorBoundary />,
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
      element: <RootLayout />,
      errorElement: <RouteErrorBoundary framed />,
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

export function createAppRouter() {
  const router = createBrowserRouter(buildRoutes());
  setNavigator((to, options) => void router.navigate(to, options));
  return router;
}

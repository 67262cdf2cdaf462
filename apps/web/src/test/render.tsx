import { render } from '@testing-library/react';
import { useLayoutEffect, type ReactElement } from 'react';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  type Location,
  type NavigateFunction,
  type RouteObject,
} from 'react-router';
import { AppProviders } from '@/app/providers';
import { AppRoutes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';

/** Renders inside the app's providers with a fresh query cache. */
export function renderWithProviders(ui: ReactElement) {
  const queryClient = createQueryClient();
  return { queryClient, ...render(<AppProviders queryClient={queryClient}>{ui}</AppProviders>) };
}

/** What a test reads of the router in memory: where it is, and a way to move it. */
export interface TestRouter {
  readonly state: { location: Location };
  navigate: (to: string, options?: { replace?: boolean }) => void;
}

interface Probe {
  location?: Location;
  navigate?: NavigateFunction;
}

/** Hands the router's last committed address and its navigate to the test. */
function RouterProbe({ onCommit }: { onCommit: (probe: Required<Probe>) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => onCommit({ location, navigate }), [onCommit, location, navigate]);
  return null;
}

/** Renders a route tree in memory as the app does (router.tsx), starting at `path`. */
export function renderRoutes(routes: RouteObject[], path: string) {
  let probe: Probe = {};
  const onCommit = (committed: Required<Probe>) => {
    probe = committed;
  };
  const router: TestRouter = {
    get state() {
      return { location: probe.location! };
    },
    navigate: (to, options) => void probe.navigate!(to, options),
  };
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes routes={routes} />
        <RouterProbe onCommit={onCommit} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { router, queryClient, ...view };
}

/** A single component rendered at `path` inside a router. */
export function renderAt(ui: ReactElement, path = '/') {
  return renderRoutes([{ path: '*', element: ui }], path);
}

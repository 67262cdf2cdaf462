import { Outlet } from 'react-router';
import { ErrorToasts } from '@/components/error-toasts';
import { LoadingBar } from '@/components/loading-bar';
import { OfflineIndicator } from '@/components/offline-indicator';
import { SkipLink } from '@/components/skip-link';
import { RouteEffects } from '../route-effects';

/** What every page shares: skip link, loading bar, offline notice, error toasts, route effects. */
export function RootLayout() {
  return (
    <>
      <SkipLink />
      <LoadingBar />
      <OfflineIndicator />
      <Outlet />
      <ErrorToasts />
      <RouteEffects />
    </>
  );
}

import { svShell } from '@skolportalen/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '@/components/loading-card';
import { StatusPage } from '@/components/status-page';
import { isSessionUnknown } from '@/lib/api-error';
import { clearClientState } from '@/lib/client-session';
import { hasSignedInCookie } from '@/lib/cookies';
import { useCurrentUser } from '@/lib/current-user';
import { PlainFrame } from '../layouts/plain-layout';
import { useRouteHandle } from '../route-handle';
import type { GuardBlock } from './route-outlet';
import {
  evaluateGuards,
  guardRegistry,
  guardsNeedUser,
  type GuardRegistry,
} from './guard-registry';

/** The auth guard's way out (spec §8): forget the client's session state, then go to /login. */
function SignOutRedirect({ to }: { to: string }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    clearClientState(queryClient);
  }, [queryClient]);
  return <Navigate to={to} replace />;
}

/**
 * Sits above both layouts and runs the guards the matched route declares, so
 * nothing of a page — not even its layout's requests — starts before they pass.
 */
export function GuardGate({ registry = guardRegistry }: { registry?: GuardRegistry }) {
  const { pathname, search } = useLocation();
  const guards = useRouteHandle()?.guards ?? [];
  const signedIn = hasSignedInCookie();
  const needsUser = signedIn && guardsNeedUser(guards, registry);
  const userQuery = useCurrentUser({ enabled: needsUser });
  // The user's arrival renders the whole layout and page. Deferred, React does that in
  // an interruptible pass rather than one long blocking task (issue 11).
  const user = useDeferredValue(userQuery.data);

  const outcome = evaluateGuards(guards, { pathname, search, signedIn, user }, registry);

  switch (outcome.kind) {
    case 'allow':
      return <Outlet />;
    case 'redirect':
      return outcome.signOut ? (
        <SignOutRedirect to={outcome.to} />
      ) : (
        <Navigate to={outcome.to} replace />
      );
    case 'pending':
      return userQuery.isError && !isSessionUnknown(userQuery.error) ? (
        <PlainFrame>
          <StatusPage title={svShell.pageTitles.error} message={svShell.errors.userLoadFailed} />
        </PlainFrame>
      ) : (
        <LoadingScreen />
      );
    case 'forbidden':
    case 'unknown': {
      const block: GuardBlock = { blockedBy: outcome.kind };
      return <Outlet context={block} />;
    }
  }
}

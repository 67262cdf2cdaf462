import { format, svShell } from '@skolportalen/shared';
import { Outlet, useOutletContext } from 'react-router';
import { StatusPage } from '@/components/status-page';

/** Why the guard gate withheld the page; the layout shows this in the page's place. */
export interface GuardBlock {
  blockedBy: 'forbidden' | 'unknown';
}

/**
 * The layouts' outlet: the page, or — when a guard refused it — the refusal,
 * inside the layout so a signed-in user keeps the header.
 */
export function RouteOutlet() {
  const block = useOutletContext<GuardBlock | undefined>();
  if (block?.blockedBy === 'forbidden') {
    return (
      <StatusPage title={svShell.pages.forbiddenTitle} message={svShell.pages.comingForbidden} />
    );
  }
  if (block?.blockedBy === 'unknown') {
    // Spec §8: a route naming a guard that does not exist is a server error.
    return (
      <StatusPage
        title={format(svShell.pages.errorStatus, { status: 500 })}
        message={svShell.errors.unknownMiddleware}
        messageLang="en"
      />
    );
  }
  return <Outlet />;
}

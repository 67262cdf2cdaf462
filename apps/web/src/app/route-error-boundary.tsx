import { svShell } from '@skolportalen/shared';
import { Component, useEffect, useRef, type ReactNode } from 'react';
import { useLocation, type Location } from 'react-router';
import { LoadingCard } from '@/components/loading-card';
import { StatusPage } from '@/components/status-page';
import { claimChunkReload, isChunkLoadError } from '@/lib/chunk-reload';
import { navigateTo, reloadPage } from '@/lib/navigation';
import { paths } from '@/lib/paths';
import { PlainFrame } from './layouts/plain-layout';

function GenericError() {
  return (
    <StatusPage
      title={svShell.pageTitles.error}
      message={svShell.pages.errorGeneric}
      messageLang="en"
    />
  );
}

/**
 * A page that failed to render. A failed code chunk (usually a new deploy)
 * reloads the page — at most once per 60 s (spec §8) — and otherwise leads to /error.
 */
function RouteError({ error, framed }: { error: unknown; framed: boolean }) {
  const { pathname } = useLocation();
  const chunk = isChunkLoadError(error);
  const onErrorPage = pathname === paths.error.path;
  const handled = useRef(false);

  useEffect(() => {
    if (!chunk || handled.current) return;
    handled.current = true;
    if (claimChunkReload()) reloadPage();
    else if (!onErrorPage) navigateTo(paths.error.href(), { replace: true });
  }, [chunk, onErrorPage]);

  const content = chunk && !onErrorPage ? <LoadingCard /> : <GenericError />;
  return framed ? <PlainFrame>{content}</PlainFrame> : content;
}

interface BoundaryProps {
  location: Location;
  framed: boolean;
  children: ReactNode;
}

/** The error and the address it happened at: another address tries the page again. */
interface BoundaryState {
  error?: { value: unknown };
  location: Location;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: { value: error } };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.location === state.location
      ? null
      : { error: undefined, location: props.location };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return <RouteError error={error.value} framed={this.props.framed} />;
  }
}

/**
 * Catches what a route's page (or, `framed`, the whole app below the router) throws
 * while rendering, a failed code chunk included, and shows RouteError in its place;
 * a navigation elsewhere tries again.
 */
export function RouteErrorBoundary({
  framed = false,
  children,
}: {
  framed?: boolean;
  children: ReactNode;
}) {
  const location = useLocation();
  return (
    <Boundary location={location} framed={framed}>
      {children}
    </Boundary>
  );
}

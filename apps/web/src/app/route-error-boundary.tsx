import { svShell } from '@skolportalen/shared';
import { useEffect, useRef } from 'react';
import { useLocation, useRouteError } from 'react-router';
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
export function RouteErrorBoundary({ framed = false }: { framed?: boolean }) {
  const error = useRouteError();
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

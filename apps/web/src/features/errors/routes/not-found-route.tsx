import { sv } from '@skolportalen/shared';
import { StatusPage } from '@/components/status-page';

/** Any address without a route (spec §8: "This page could not be found"). */
export default function NotFoundRoute() {
  return (
    <StatusPage
      title={sv.pages.notFoundTitle}
      message={sv.pages.notFoundMessage}
      messageLang="en"
    />
  );
}

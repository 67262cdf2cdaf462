import { sv } from '@skolportalen/shared';
import { StatusPage } from '@/components/status-page';

/** Spec §2: the error page shows "An error occurred" with a link home. */
export default function ErrorRoute() {
  return (
    <StatusPage title={sv.pageTitles.error} message={sv.pages.errorGeneric} messageLang="en" />
  );
}

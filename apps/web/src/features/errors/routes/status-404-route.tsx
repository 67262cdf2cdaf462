import { sv } from '@skolportalen/shared';
import { StatusPage } from '@/components/status-page';

/** Where the API client sends a 404 (spec §2: "404 Not Found" with a link home). */
export default function Status404Route() {
  return <StatusPage title={sv.pages.notFoundTitle} message={sv.pages.error404} messageLang="en" />;
}

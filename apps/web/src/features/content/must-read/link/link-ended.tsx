import Button from '@mui/material/Button';
import { sv, svShell } from '@skolportalen/shared';
import { StatusPage } from '@/components/status-page';
import { isApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';

const ended = sv.acknowledgementLinks.ended;

/** Which ended link a refusal tells of; null for any other failure. */
export function endedKind(error: unknown): keyof typeof ended | null {
  if (!isApiError(error)) return null;
  if (error.code === 'LINK_EXPIRED') return 'expired';
  // A disabled account's links are revoked with it; the page says no more than that.
  if (error.code === 'LINK_REVOKED' || error.code === 'ACCOUNT_DISABLED') return 'revoked';
  if (error.status === 404) return 'unknown';
  return null;
}

/**
 * A link that opens nothing any more — gone out, revoked, never made — or
 * that could not be read: what happened, and the way in through signing in.
 */
export function LinkEnded({ error }: { error: unknown }) {
  const kind = endedKind(error);
  const title = kind ? ended[kind].title : svShell.pageTitles.error;
  const message = kind
    ? ended[kind].text
    : isApiError(error)
      ? error.message
      : sv.acknowledgementLinks.page.failed;
  return (
    <StatusPage title={title} message={message} homeLink={false}>
      <Button variant="contained" href={paths.login.href()}>
        {sv.acknowledgementLinks.page.signIn}
      </Button>
    </StatusPage>
  );
}

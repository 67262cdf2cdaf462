import Alert from '@mui/material/Alert';
import { svShell } from '@skolportalen/shared';
import { useOnlineStatus } from '@/lib/online-status';

/** Tells the user when the browser has lost its connection (spec §4). */
export function OfflineIndicator() {
  const online = useOnlineStatus();
  return (
    <div role="status" aria-live="polite">
      {online ? null : (
        <Alert severity="warning" variant="filled" square sx={{ justifyContent: 'center' }}>
          {svShell.app.offline}
        </Alert>
      )}
    </div>
  );
}

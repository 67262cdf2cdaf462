import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { format, svShell } from '@skolportalen/shared';
import { errorStore as defaultStore, useErrorEntries, type ErrorStore } from '@/lib/error-store';

/**
 * The central error display (spec §8): one toast per error with status, url and
 * message. Toasts stay until the user closes them and pile up in order.
 */
export function ErrorToasts({ store = defaultStore }: { store?: ErrorStore }) {
  const entries = useErrorEntries(store);
  if (entries.length === 0) return null;
  return (
    <Box
      component="section"
      aria-label={svShell.errorToast.region}
      sx={{
        position: 'fixed',
        right: { xs: 8, sm: 16 },
        bottom: { xs: 8, sm: 16 },
        left: { xs: 8, sm: 'auto' },
        zIndex: (theme) => theme.zIndex.snackbar,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        maxWidth: { sm: 440 },
        maxHeight: '60vh',
        overflowY: 'auto',
      }}
    >
      {entries.map((entry) => (
        <Alert
          key={entry.id}
          severity="error"
          variant="filled"
          onClose={() => store.dismiss(entry.id)}
          slotProps={{
            closeButton: {
              'aria-label': svShell.errorToast.close,
              title: svShell.errorToast.close,
            },
          }}
          sx={{ boxShadow: 6 }}
        >
          <AlertTitle>{format(svShell.errorToast.title, { status: entry.status })}</AlertTitle>
          <Typography variant="body2">{entry.message}</Typography>
          <Typography variant="caption" component="p" sx={{ wordBreak: 'break-all', opacity: 0.9 }}>
            {entry.url}
          </Typography>
        </Alert>
      ))}
    </Box>
  );
}

import Alert from '@mui/material/Alert';

/**
 * Confirms a saved change. The live region is always there, so screen readers
 * hear each new message; the alert inside only draws it.
 */
export function StatusMessage({ message, onClose }: { message: string; onClose: () => void }) {
  return (
    <div role="status" aria-live="polite">
      {message ? (
        <Alert role="none" severity="success" sx={{ mb: 2 }} onClose={onClose}>
          {message}
        </Alert>
      ) : null}
    </div>
  );
}

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { format, sv } from '@skolportalen/shared';
import { useState } from 'react';
import { SwedishDateField } from '@/components/swedish-date-field';
import { parseSwedishDate } from '@/lib/swedish-date';
import { useCreateSharedLink } from '../api/create-link';
import { useRevokeSharedLink } from '../api/revoke-link';

const t = sv.documents;

const dayFormat = new Intl.DateTimeFormat('sv-SE', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Stockholm',
});

/**
 * Creates a shared link to a document, copies it, says how long it lasts (the
 * server gives it an end of its own if none is chosen) and can revoke it.
 */
export function ShareDialog({
  guid,
  name,
  onClose,
}: {
  guid: string;
  name: string;
  onClose: () => void;
}) {
  const create = useCreateSharedLink();
  const revoke = useRevokeSharedLink();
  const [expires, setExpires] = useState('');
  const [copied, setCopied] = useState(false);
  const entry = create.data?.entry ?? null;
  const link =
    entry && !revoke.isSuccess ? new URL(entry.url, window.location.origin).toString() : null;

  return (
    <Dialog open onClose={onClose} aria-labelledby="share-title" fullWidth maxWidth="sm">
      <DialogTitle id="share-title">{format(t.shareTitle, { name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography>{t.shareHelp}</Typography>
          {revoke.isSuccess ? (
            <Alert severity="success" role="status">
              {t.shareRevoked}
            </Alert>
          ) : link && entry ? (
            <>
              <TextField
                label={t.shareLink}
                value={link}
                slotProps={{ htmlInput: { readOnly: true } }}
                onFocus={(event) => event.target.select()}
              />
              <Typography>
                {entry.expiresAt
                  ? format(t.shareValidUntil, { date: dayFormat.format(new Date(entry.expiresAt)) })
                  : t.shareValidForever}
              </Typography>
            </>
          ) : (
            <SwedishDateField
              label={t.shareExpires}
              helperText={t.shareExpiresHelp}
              value={expires}
              onChange={setExpires}
            />
          )}
          {create.error ? <Alert severity="error">{create.error.message}</Alert> : null}
          {revoke.error ? <Alert severity="error">{revoke.error.message}</Alert> : null}
          {copied ? (
            <Alert severity="success" role="status">
              {t.copied}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t.close}</Button>
        {revoke.isSuccess ? null : link && entry ? (
          <>
            <Button
              color="error"
              disabled={revoke.isPending}
              onClick={() => revoke.mutate(entry.id)}
            >
              {t.shareRevoke}
            </Button>
            <Button
              variant="contained"
              onClick={() => void navigator.clipboard.writeText(link).then(() => setCopied(true))}
            >
              {t.copy}
            </Button>
          </>
        ) : (
          <Button
            variant="contained"
            disabled={create.isPending || (expires !== '' && !parseSwedishDate(expires, false))}
            onClick={() =>
              create.mutate({
                guid,
                // The link lasts through the chosen day, in the portal's time zone.
                expiresAt: expires ? new Date(`${expires}T23:59:59`).toISOString() : null,
              })
            }
          >
            {t.shareCreate}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

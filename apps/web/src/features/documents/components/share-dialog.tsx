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

const t = sv.documents;

/** Creates a shared link to a document, optionally expiring, and copies it. */
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
  const [expires, setExpires] = useState('');
  const [copied, setCopied] = useState(false);
  const link = create.data
    ? new URL(create.data.entry.url, window.location.origin).toString()
    : null;

  return (
    <Dialog open onClose={onClose} aria-labelledby="share-title" fullWidth maxWidth="sm">
      <DialogTitle id="share-title">{format(t.shareTitle, { name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography>{t.shareHelp}</Typography>
          {link ? (
            <TextField
              label={t.shareLink}
              value={link}
              slotProps={{ htmlInput: { readOnly: true } }}
              onFocus={(event) => event.target.select()}
            />
          ) : (
            <SwedishDateField label={t.shareExpires} value={expires} onChange={setExpires} />
          )}
          {create.error ? <Alert severity="error">{create.error.message}</Alert> : null}
          {copied ? (
            <Alert severity="success" role="status">
              {t.copied}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t.close}</Button>
        {link ? (
          <Button
            variant="contained"
            onClick={() => void navigator.clipboard.writeText(link).then(() => setCopied(true))}
          >
            {t.copy}
          </Button>
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

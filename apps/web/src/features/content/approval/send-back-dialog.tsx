import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { format, sv } from '@skolportalen/shared';
import { useId, useState } from 'react';

const t = sv.approvals.queue;

/** "Skicka tillbaka": the approver's comment to the author, which may not be empty. */
export function SendBackDialog({
  title,
  busy,
  onCancel,
  onSend,
}: {
  title: string;
  busy: boolean;
  onCancel: () => void;
  onSend: (comment: string) => void;
}) {
  const titleId = useId();
  const introId = useId();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = () => {
    if (comment.trim() === '') {
      setError(sv.approvals.errors.commentRequired);
      return;
    }
    onSend(comment.trim());
  };
  return (
    <Dialog
      open
      onClose={onCancel}
      aria-labelledby={titleId}
      aria-describedby={introId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{format(t.sendBackTitle, { title })}</DialogTitle>
      <DialogContent>
        <DialogContentText id={introId} sx={{ mb: 2 }}>
          {t.sendBackIntro}
        </DialogContentText>
        <TextField
          label={t.comment}
          value={comment}
          onChange={(event) => {
            setComment(event.target.value);
            setError(null);
          }}
          required
          multiline
          minRows={4}
          fullWidth
          autoFocus
          error={error !== null}
          helperText={error ?? ' '}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t.cancel}</Button>
        <Button variant="contained" disabled={busy} onClick={send}>
          {t.sendBack}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

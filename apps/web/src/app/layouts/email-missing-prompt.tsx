import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { sv } from '@skolportalen/shared';

/** The dialog of "E-postadress saknas"; it has no way to be dismissed. */
export function EmailMissingPrompt({ open, onAdd }: { open: boolean; onAdd: () => void }) {
  return (
    <Dialog open={open} aria-labelledby="email-missing-title" disableEscapeKeyDown>
      <DialogTitle id="email-missing-title">{sv.emailMissing.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{sv.emailMissing.text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onAdd}>
          {sv.emailMissing.action}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

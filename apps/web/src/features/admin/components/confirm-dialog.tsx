import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { format, sv } from '@skolportalen/shared';
import { useId } from 'react';

/** Asks before something is deleted. */
export function ConfirmDeleteDialog({
  name,
  open,
  onCancel,
  onConfirm,
}: {
  name: string;
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{format(sv.admin.common.confirmDeleteTitle, { name })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{sv.admin.common.confirmDeleteText}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{sv.admin.common.cancel}</Button>
        <Button color="error" variant="contained" onClick={onConfirm}>
          {sv.admin.common.delete}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

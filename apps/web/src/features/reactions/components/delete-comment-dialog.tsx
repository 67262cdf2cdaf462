import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { format, type CommentResponse } from '@skolportalen/shared';
import { commentTexts } from '@skolportalen/shared/texts/reactions';
import { useId } from 'react';

const t = commentTexts;

/** Asks before a comment goes; the writer's own and someone else's are told apart. */
export function DeleteCommentDialog({
  open,
  comment,
  own,
  pending,
  onCancel,
  onConfirm,
  onClosed,
}: {
  open: boolean;
  /** The comment asked about; null once it is answered. */
  comment: CommentResponse | null;
  own: boolean;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** When the dialog has gone, after giving the focus back to what opened it. */
  onClosed: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby={titleId}
      aria-describedby={textId}
      slotProps={{ transition: { onExited: onClosed } }}
    >
      <DialogTitle id={titleId}>{t.confirmTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          {own
            ? t.confirmOwnText
            : format(t.confirmOtherText, { name: comment?.author.name ?? '' })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t.cancel}</Button>
        <Button color="error" variant="contained" disabled={pending} onClick={onConfirm}>
          {t.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

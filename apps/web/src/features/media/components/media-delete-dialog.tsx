import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { format, sv, type MediaResponse } from '@skolportalen/shared';
import { useId } from 'react';
import { isApiError } from '@/lib/api-client';
import { useDeleteMedia } from '../api/delete-media';

const m = sv.media;

interface MediaDeleteDialogProps {
  media: MediaResponse | null;
  onClose: () => void;
  onDeleted: (media: MediaResponse) => void;
}

/** Asks before deleting; an item still in use is refused by the server, whose message is shown. */
export function MediaDeleteDialog({ media, onClose, onDeleted }: MediaDeleteDialogProps) {
  return media ? <DeleteDialogBody media={media} onClose={onClose} onDeleted={onDeleted} /> : null;
}

function DeleteDialogBody({
  media,
  onClose,
  onDeleted,
}: MediaDeleteDialogProps & { media: MediaResponse }) {
  const id = useId();
  const remove = useDeleteMedia();
  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <DialogTitle id={`${id}-title`}>{m.deleteTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>
          {format(m.deleteConfirm, { title: media.title })}
        </DialogContentText>
        {remove.error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {isApiError(remove.error) ? remove.error.message : sv.errors.network}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {m.cancel}
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={remove.isPending}
          onClick={() => remove.mutate(media.id, { onSuccess: () => onDeleted(media) })}
        >
          {m.delete}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

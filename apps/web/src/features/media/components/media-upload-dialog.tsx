import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { sv, type CategoryResponse, type MediaResponse } from '@skolportalen/shared';
import { useId, type FormEvent } from 'react';
import { MediaUploadFields } from './media-upload-fields';
import { useUploadForm } from './use-upload-form';

interface MediaUploadDialogProps {
  open: boolean;
  onClose: () => void;
  onUploaded: (media: MediaResponse) => void;
  /** The categories the file may go to (a tool's icon picker offers only icon categories). */
  categories: readonly CategoryResponse[];
  initialCategoryId: number | '';
}

const m = sv.media;

/** The upload form: file by drag and drop or button, guidance, title, alt text, category, progress. */
export function MediaUploadDialog(props: MediaUploadDialogProps) {
  // A fresh form every time the dialog opens.
  return props.open ? <UploadDialogBody {...props} /> : null;
}

function UploadDialogBody({
  onClose,
  onUploaded,
  categories,
  initialCategoryId,
}: MediaUploadDialogProps) {
  const id = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const form = useUploadForm({
    offeredCategoryIds: categories.map((category) => category.id),
    initialCategoryId,
    onUploaded,
  });
  const close = () => {
    if (!form.uploading) onClose();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
  };

  return (
    <Dialog
      open
      onClose={close}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby={`${id}-title`}
    >
      <DialogTitle id={`${id}-title`}>{m.uploadTitle}</DialogTitle>
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        aria-labelledby={`${id}-title`}
        // The form sits between the dialog and its content, so it must pass the scrolling on.
        sx={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}
      >
        <DialogContent dividers>
          <MediaUploadFields id={id} form={form} categories={categories} />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={form.uploading}>
            {m.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={form.uploading}>
            {m.uploadSubmit}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

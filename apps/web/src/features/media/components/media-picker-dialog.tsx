import Close from '@mui/icons-material/Close';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { sv, type MediaResponse } from '@skolportalen/shared';
import { useId } from 'react';
import { MediaLibrary, type MediaLibraryProps } from './media-library';

export interface MediaPickerDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called with the chosen item; the dialog closes itself. */
  onPick: (media: MediaResponse) => void;
  title?: string;
  categoryIds?: MediaLibraryProps['categoryIds'];
  fileTypes?: MediaLibraryProps['fileTypes'];
}

/**
 * The library as a picker, for the content editor (post image, card and image
 * blocks) and tools (icon): choose an item, or upload one and choose it.
 */
export function MediaPickerDialog({
  open,
  onClose,
  onPick,
  title = sv.media.pickerTitle,
  categoryIds,
  fileTypes,
}: MediaPickerDialogProps) {
  const id = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="lg"
      fullScreen={fullScreen}
      aria-labelledby={`${id}-title`}
    >
      <DialogTitle id={`${id}-title`} sx={{ pr: 7 }}>
        {title}
      </DialogTitle>
      <IconButton
        onClick={onClose}
        aria-label={sv.media.close}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <Close />
      </IconButton>
      <DialogContent dividers>
        {open ? (
          <MediaLibrary
            mode="pick"
            categoryIds={categoryIds}
            fileTypes={fileTypes}
            onPick={(media) => {
              onPick(media);
              onClose();
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

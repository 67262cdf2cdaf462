import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  format,
  limits,
  sv,
  type CategoryResponse,
  type MediaResponse,
} from '@skolportalen/shared';
import { useId, type FormEvent } from 'react';
import { FileDropZone } from './file-drop-zone';
import { ImageGuidance } from './image-guidance';
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
  const fileError = form.errorFor('file');
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
          <Stack spacing={2.5}>
            <ImageGuidance id={`${id}-guidance`} />
            <FileDropZone
              file={form.file}
              onFile={(file) => void form.chooseFile(file)}
              describedBy={`${id}-guidance${fileError ? ` ${id}-file-error` : ''}`}
              invalid={Boolean(fileError)}
              disabled={form.uploading}
            />
            {form.check?.aspectHint ? (
              <Alert severity="warning" id={`${id}-file-error`}>
                {form.check.aspectHint}
              </Alert>
            ) : fileError ? (
              <Alert severity="error" id={`${id}-file-error`}>
                {fileError}
              </Alert>
            ) : null}
            {form.preview && form.check?.width && form.check.height ? (
              <Box sx={{ textAlign: 'center' }}>
                <img
                  src={form.preview}
                  alt={m.previewAlt}
                  width={form.check.width}
                  height={form.check.height}
                  style={{ maxWidth: '100%', maxHeight: 200, width: 'auto', height: 'auto' }}
                />
                <Typography variant="body2" color="text.secondary">
                  {format(m.imageDimensions, {
                    width: form.check.width,
                    height: form.check.height,
                  })}
                </Typography>
              </Box>
            ) : null}
            <TextField
              id={`${id}-title-field`}
              label={m.title}
              value={form.values.title}
              onChange={(event) => form.setTitle(event.target.value)}
              required
              fullWidth
              error={Boolean(form.errorFor('title'))}
              helperText={
                form.errorFor('title') ?? format(m.titleHelp, { n: limits.mediaTitleMax })
              }
              slotProps={{ htmlInput: { maxLength: limits.mediaTitleMax + 10 } }}
            />
            <TextField
              id={`${id}-alt-field`}
              label={m.alt}
              value={form.values.description}
              onChange={(event) => form.setDescription(event.target.value)}
              required
              fullWidth
              multiline
              minRows={2}
              error={Boolean(form.errorFor('description'))}
              helperText={
                form.errorFor('description') ??
                format(m.altHelp, { min: limits.mediaAltMin, max: limits.mediaAltMax })
              }
            />
            <TextField
              id={`${id}-category-field`}
              select
              label={m.category}
              value={form.values.categoryId}
              onChange={(event) => form.setCategoryId(Number(event.target.value))}
              fullWidth
              error={Boolean(form.errorFor('categoryId'))}
              helperText={form.errorFor('categoryId')}
            >
              {categories.map((category) => (
                <MenuItem key={category.id} value={category.id}>
                  {category.name}
                </MenuItem>
              ))}
            </TextField>
            {form.generalError ? <Alert severity="error">{form.generalError}</Alert> : null}
            {form.uploading ? (
              <div>
                <LinearProgress
                  variant="determinate"
                  value={Math.round(form.progress * 100)}
                  aria-label={m.uploadProgress}
                />
                <Typography variant="body2" sx={{ mt: 0.5 }}>
                  {format(m.uploading, { percent: Math.round(form.progress * 100) })}
                </Typography>
              </div>
            ) : null}
          </Stack>
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

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { format, limits, mediaUpdateRequest, sv, type MediaResponse } from '@skolportalen/shared';
import { useId, useState, type FormEvent } from 'react';
import { isApiError } from '@/lib/api-client';
import { useUpdateMedia } from '../api/update-media';
import { MediaImage } from './media-image';

type Field = 'title' | 'description';
const m = sv.media;

interface MediaEditDialogProps {
  media: MediaResponse | null;
  onClose: () => void;
  onSaved: (media: MediaResponse) => void;
}

/** Edits an item's title and alt text (spec §7: PUT sends title and description). */
export function MediaEditDialog({ media, onClose, onSaved }: MediaEditDialogProps) {
  return media ? <EditDialogBody media={media} onClose={onClose} onSaved={onSaved} /> : null;
}

function EditDialogBody({
  media,
  onClose,
  onSaved,
}: MediaEditDialogProps & { media: MediaResponse }) {
  const id = useId();
  const update = useUpdateMedia();
  const [values, setValues] = useState({ title: media.title, description: media.alt });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const serverErrors = isApiError(update.error) ? update.error.fieldErrors : {};
  const errorFor = (field: Field) => errors[field] ?? serverErrors[field];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = mediaUpdateRequest.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    update.mutate({ id: media.id, input: parsed.data }, { onSuccess: onSaved });
  };
  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`}>{m.editTitle}</DialogTitle>
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
            {media.renditions ? (
              <Box sx={{ textAlign: 'center' }}>
                <MediaImage media={media} size="thumb" style={{ maxHeight: 160, width: 'auto' }} />
              </Box>
            ) : null}
            <TextField
              id={`${id}-title-field`}
              label={m.title}
              value={values.title}
              onChange={change('title')}
              required
              fullWidth
              error={Boolean(errorFor('title'))}
              helperText={errorFor('title') ?? format(m.titleHelp, { n: limits.mediaTitleMax })}
            />
            <TextField
              id={`${id}-alt-field`}
              label={m.alt}
              value={values.description}
              onChange={change('description')}
              required
              fullWidth
              multiline
              minRows={2}
              error={Boolean(errorFor('description'))}
              helperText={
                errorFor('description') ??
                format(m.altHelp, { min: limits.mediaAltMin, max: limits.mediaAltMax })
              }
            />
            {update.error && !Object.keys(serverErrors).length ? (
              <Alert severity="error">
                {isApiError(update.error) ? update.error.message : sv.errors.network}
              </Alert>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{m.cancel}</Button>
          <Button type="submit" variant="contained" disabled={update.isPending}>
            {update.isPending ? m.saving : m.save}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

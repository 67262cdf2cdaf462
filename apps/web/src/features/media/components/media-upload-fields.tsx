import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { format, limits, sv, type CategoryResponse } from '@skolportalen/shared';
import { FileDropZone } from './file-drop-zone';
import { ImageGuidance } from './image-guidance';
import type { useUploadForm } from './use-upload-form';

const m = sv.media;

interface MediaUploadFieldsProps {
  /** Prefix for the fields' ids. */
  id: string;
  form: ReturnType<typeof useUploadForm>;
  /** The categories the file may go to (a tool's icon picker offers only icon categories). */
  categories: readonly CategoryResponse[];
}

/**
 * The upload form's fields: file by drag and drop or button, guidance, preview,
 * title, alt text, category and progress. Laid out by the upload dialog and,
 * inline, by the picker.
 */
export function MediaUploadFields({ id, form, categories }: MediaUploadFieldsProps) {
  const fileError = form.errorFor('file');
  return (
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
        helperText={form.errorFor('title') ?? format(m.titleHelp, { n: limits.mediaTitleMax })}
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
  );
}

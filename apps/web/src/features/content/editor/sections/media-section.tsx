import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ids, imageFileTypes, sv, typesNeedingIcon } from '@skolportalen/shared';
import { useState } from 'react';
import { apiPaths } from '@/lib/paths';
import { MediaPicker } from '@/components/media-picker';
import { fieldId, type EditorForm } from '../editor-form';

const t = sv.posts.editor;

/** The featured image, or the icon of the tool types (needed to publish them). */
export function MediaSection({ form }: { form: EditorForm }) {
  const { values, set, error } = form;
  const [open, setOpen] = useState(false);
  const icon = typesNeedingIcon.includes(values.type);
  const label = icon ? t.icon : t.featuredImage;
  return (
    <Stack spacing={1.5} id={fieldId('mediaId')} tabIndex={-1}>
      <Typography sx={{ fontWeight: 700 }}>{label}</Typography>
      {values.media ? (
        <Box
          component="img"
          src={apiPaths.mediaFile(values.media.filename)}
          alt={values.media.alt}
          sx={{
            maxWidth: icon ? 96 : '100%',
            maxHeight: 200,
            objectFit: 'contain',
            borderRadius: 1,
            alignSelf: 'flex-start',
          }}
        />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t.noImage}
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => setOpen(true)}>
          {values.media ? t.changeImage : icon ? t.chooseIcon : t.chooseImage}
        </Button>
        {values.media ? (
          <Button color="error" onClick={() => set({ media: null })}>
            {t.removeImage}
          </Button>
        ) : null}
      </Stack>
      <MediaPicker
        open={open}
        title={icon ? t.chooseIcon : t.chooseImage}
        fileTypes={imageFileTypes}
        categoryIds={icon ? [ids.mediaCategoryIcon, ids.mediaCategoryGoogleIcon] : undefined}
        selectedId={values.media?.id ?? null}
        onClose={() => setOpen(false)}
        onPick={(media) => {
          setOpen(false);
          set({
            media: { id: media.id, filename: media.filename, title: media.title, alt: media.alt },
          });
        }}
      />
      {error('mediaId') ? <FormHelperText error>{error('mediaId')}</FormHelperText> : null}
    </Stack>
  );
}

import ArrowBack from '@mui/icons-material/ArrowBack';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { sv, type CategoryResponse, type MediaResponse } from '@skolportalen/shared';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import type { MediaPickerProps, PickedMedia } from '@/components/media-picker';
import { useMediaCategories } from '../api/media-categories';
import { MediaLibrary } from './media-library';
import { MediaUploadFields } from './media-upload-fields';
import { useUploadForm } from './use-upload-form';

const m = sv.media;

/** What the picker hands over: the fields a feature stores or shows. */
export function pickedMediaOf(media: MediaResponse): PickedMedia {
  const thumb = media.renditions?.thumb;
  const original =
    media.fileType !== 'pdf' && media.width && media.height
      ? { url: media.url, width: media.width, height: media.height }
      : null;
  return {
    id: media.id,
    filename: media.filename,
    title: media.title,
    alt: media.alt,
    url: media.url,
    image: thumb ?? original,
    display: media.renditions?.card ?? original,
  };
}

/**
 * The media library as a picker (see src/components/media-picker.tsx for the
 * props): choose an item with its "Välj" button, or upload one inline and get
 * it chosen. src/app supplies this dialog to <MediaPicker>.
 */
export function MediaPickerDialog({
  open,
  onClose,
  onPick,
  title = m.pickerTitle,
  categoryIds,
  fileTypes,
  selectedId,
}: MediaPickerProps) {
  const id = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [view, setView] = useState<'library' | 'upload'>('library');
  const uploadButton = useRef<HTMLButtonElement>(null);
  const categoriesQuery = useMediaCategories();
  const categories = useMemo(
    () =>
      (categoriesQuery.data ?? []).filter(
        (category) => !categoryIds || categoryIds.includes(category.id),
      ),
    [categoriesQuery.data, categoryIds],
  );
  const pick = (media: MediaResponse) => {
    onPick(pickedMediaOf(media));
    onClose();
  };
  const close = () => {
    setView('library');
    onClose();
  };
  const backToLibrary = () => {
    setView('library');
    // Back where the user left: on the button that opened the form.
    requestAnimationFrame(() => uploadButton.current?.focus());
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="lg"
      fullScreen={fullScreen}
      aria-labelledby={`${id}-title`}
      // Hosts open the picker from inside their own forms (the tool form, the editor), and
      // React carries events up through the portal: the upload's submit is not theirs.
      onSubmit={(event: FormEvent) => event.stopPropagation()}
    >
      <DialogTitle id={`${id}-title`} sx={{ pr: 7 }}>
        {title}
      </DialogTitle>
      <IconButton
        onClick={close}
        aria-label={m.close}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <Close />
      </IconButton>
      <DialogContent dividers>
        {open ? (
          <>
            {/* Kept mounted while uploading, so search, filter and page survive the detour. */}
            <Box hidden={view !== 'library'}>
              <MediaLibrary
                mode="pick"
                categoryIds={categoryIds}
                fileTypes={fileTypes}
                onPick={pick}
                selectedId={selectedId}
                onUploadRequest={() => setView('upload')}
                uploadButtonRef={uploadButton}
              />
            </Box>
            {view === 'upload' ? (
              <InlineUpload
                categories={categories}
                initialCategoryId={categoryIds?.[0] ?? ''}
                onUploaded={pick}
                onBack={backToLibrary}
              />
            ) : null}
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** The upload form inside the picker: a new file is uploaded and chosen in one go. */
function InlineUpload({
  categories,
  initialCategoryId,
  onUploaded,
  onBack,
}: {
  categories: readonly CategoryResponse[];
  initialCategoryId: number | '';
  onUploaded: (media: MediaResponse) => void;
  onBack: () => void;
}) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useUploadForm({
    offeredCategoryIds: categories.map((category) => category.id),
    initialCategoryId,
    onUploaded,
  });
  // The form replaces the library: say so by moving focus to its heading.
  useEffect(() => heading.current?.focus(), []);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={`${id}-heading`}
      sx={{ maxWidth: 640, mx: 'auto' }}
    >
      <Box
        component="h3"
        id={`${id}-heading`}
        ref={heading}
        tabIndex={-1}
        sx={{ typography: 'h6', mt: 0, mb: 2 }}
      >
        {m.uploadInlineTitle}
      </Box>
      <MediaUploadFields id={id} form={form} categories={categories} />
      <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'flex-end' }}>
        <Button startIcon={<ArrowBack />} onClick={onBack} disabled={form.uploading}>
          {m.backToLibrary}
        </Button>
        <Button type="submit" variant="contained" disabled={form.uploading}>
          {m.uploadAndPick}
        </Button>
      </Stack>
    </Box>
  );
}

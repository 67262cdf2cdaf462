import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  format,
  hasCapability,
  imageFileTypes,
  sv,
  type MediaFileType,
  type MediaResponse,
} from '@skolportalen/shared';
import { useEffect, useId, useMemo, useState, type Ref } from 'react';
import { useCurrentUser } from '@/lib/current-user';
import { useMediaList } from '../api/list-media';
import { useMediaCategories } from '../api/media-categories';
import { MediaCard } from './media-card';
import { MediaDeleteDialog } from './media-delete-dialog';
import { MediaEditDialog } from './media-edit-dialog';
import { MediaUploadDialog } from './media-upload-dialog';

const m = sv.media;
const perPage = 24;
type FileTypeFilter = '' | 'image' | 'pdf';
/** The "all" choice has the empty value; without these MUI would show a blank box. */
const emptyOptionShown = { select: { displayEmpty: true }, inputLabel: { shrink: true } };

export interface MediaLibraryProps {
  /** `pick` adds a "Välj" button to every item and calls onPick with the chosen one. */
  mode: 'manage' | 'pick';
  onPick?: (media: MediaResponse) => void;
  /** Limits the library to these categories, e.g. the icon categories for a tool. */
  categoryIds?: readonly number[];
  /** Limits the library to these formats, e.g. images only for a post image. */
  fileTypes?: readonly MediaFileType[];
  /**
   * Called by the upload button instead of opening the upload dialog, for a
   * host that shows the upload form itself (the picker, inline).
   */
  onUploadRequest?: () => void;
  /** Receives the upload button, so a host can return focus to it. */
  uploadButtonRef?: Ref<HTMLButtonElement>;
  /** In `pick` mode: the item chosen now, marked in the grid. */
  selectedId?: number | null;
}

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** The media library: search, filters, a grid of thumbnails, upload, edit and delete. */
export function MediaLibrary({
  mode,
  onPick,
  categoryIds,
  fileTypes,
  onUploadRequest,
  uploadButtonRef,
  selectedId,
}: MediaLibraryProps) {
  const id = useId();
  const { data: user } = useCurrentUser();
  const categoriesQuery = useMediaCategories();
  const categories = useMemo(
    () =>
      (categoriesQuery.data ?? []).filter(
        (category) => !categoryIds || categoryIds.includes(category.id),
      ),
    [categoriesQuery.data, categoryIds],
  );
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<number | ''>('');
  const [fileType, setFileType] = useState<FileTypeFilter>('');
  const [page, setPage] = useState(1);
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<MediaResponse | null>(null);
  const [deleting, setDeleting] = useState<MediaResponse | null>(null);
  const [notice, setNotice] = useState('');
  const debouncedSearch = useDebounced(search, 300);

  const filters = {
    search: debouncedSearch,
    categoryIds: category === '' ? (categoryIds ?? []) : [category],
    fileTypes:
      fileType === 'image'
        ? imageFileTypes
        : fileType === 'pdf'
          ? ['pdf' as const]
          : (fileTypes ?? []),
    page,
    perPage,
  };
  const list = useMediaList(filters);
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const categoryName = (categoryId: number) =>
    categoriesQuery.data?.find((candidate) => candidate.id === categoryId)?.name;
  const canUpload = user ? hasCapability(user.capabilities, 'media_upload') : false;
  const filtered = Boolean(debouncedSearch.trim()) || category !== '' || fileType !== '';
  // Offer the choice only when both images and pdf documents may be listed.
  const showFileTypeFilter =
    !fileTypes || (fileTypes.includes('pdf') && fileTypes.some((type) => type !== 'pdf'));

  const resetPage =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'center' } }}
      >
        <TextField
          id={`${id}-search`}
          type="search"
          label={m.search}
          value={search}
          onChange={(event) => resetPage(setSearch)(event.target.value)}
          sx={{ flex: 2 }}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          id={`${id}-category`}
          select
          label={m.category}
          value={category}
          onChange={(event) =>
            resetPage(setCategory)(event.target.value === '' ? '' : Number(event.target.value))
          }
          sx={{ flex: 1, minWidth: 180 }}
          slotProps={emptyOptionShown}
        >
          <MenuItem value="">{m.allCategories}</MenuItem>
          {categories.map((option) => (
            <MenuItem key={option.id} value={option.id}>
              {option.name}
            </MenuItem>
          ))}
        </TextField>
        {showFileTypeFilter ? (
          <TextField
            id={`${id}-file-type`}
            select
            label={m.fileType}
            value={fileType}
            onChange={(event) => resetPage(setFileType)(event.target.value as FileTypeFilter)}
            sx={{ flex: 1, minWidth: 160 }}
            slotProps={emptyOptionShown}
          >
            <MenuItem value="">{m.allFileTypes}</MenuItem>
            <MenuItem value="image">{m.fileTypeImages}</MenuItem>
            <MenuItem value="pdf">{m.fileTypePdf}</MenuItem>
          </TextField>
        ) : null}
        {canUpload ? (
          <Button
            variant="contained"
            startIcon={<AddPhotoAlternateOutlined />}
            ref={uploadButtonRef}
            onClick={() => (onUploadRequest ? onUploadRequest() : setUploading(true))}
            sx={{ flexShrink: 0, minHeight: 48 }}
          >
            {m.upload}
          </Button>
        ) : null}
      </Stack>

      <Box role="status" aria-live="polite" aria-atomic>
        {notice ? (
          <Alert severity="success" onClose={() => setNotice('')}>
            {notice}
          </Alert>
        ) : null}
        {list.data ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: notice ? 1 : 0 }}>
            {format(m.results, { n: total })}
          </Typography>
        ) : null}
      </Box>

      {list.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={sv.app.loadingBar} />
        </Box>
      ) : list.isError ? (
        <Alert severity="error">{m.loadFailed}</Alert>
      ) : items.length === 0 ? (
        <Typography>{filtered ? m.noResults : m.empty}</Typography>
      ) : (
        <Box
          component="ul"
          aria-label={m.libraryTitle}
          sx={{
            display: 'grid',
            gridTemplateColumns: {
              xs: 'repeat(auto-fill, minmax(150px, 1fr))',
              sm: 'repeat(auto-fill, minmax(200px, 1fr))',
            },
            gap: 2,
            m: 0,
            p: 0,
          }}
        >
          {items.map((item) => (
            <MediaCard
              key={item.id}
              media={item}
              categoryName={categoryName(item.categoryId)}
              mode={mode}
              selected={mode === 'pick' && item.id === selectedId}
              onPick={onPick}
              onEdit={setEditing}
              onDelete={setDeleting}
            />
          ))}
        </Box>
      )}

      {pageCount > 1 ? (
        <Pagination
          count={pageCount}
          page={page}
          onChange={(_event, next) => setPage(next)}
          sx={{ alignSelf: 'center' }}
        />
      ) : null}

      <MediaUploadDialog
        open={uploading}
        onClose={() => setUploading(false)}
        categories={categories}
        initialCategoryId={categoryIds?.[0] ?? (category === '' ? '' : category)}
        onUploaded={(media) => {
          setUploading(false);
          setPage(1);
          setNotice(format(m.uploadDone, { title: media.title }));
          // Whoever opened the picker to add a new file wants that file.
          if (mode === 'pick') onPick?.(media);
        }}
      />
      <MediaEditDialog
        media={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          setNotice(m.saved);
        }}
      />
      <MediaDeleteDialog
        media={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(media) => {
          setDeleting(null);
          setNotice(format(m.deleted, { title: media.title }));
        }}
      />
    </Stack>
  );
}

import CreateNewFolderOutlined from '@mui/icons-material/CreateNewFolderOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { format, sv } from '@skolportalen/shared';
import { useRef, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { useCreateFolder } from '../api/create-folder';
import { useUploadDocument } from '../api/upload-document';

const t = sv.documents;

/** Upload and new folder, shown only where the server says the person may add content. */
export function FolderActions({ folderGuid }: { folderGuid: string }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadDocument(folderGuid);
  const createFolder = useCreateFolder(folderGuid);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [name, setName] = useState('');

  const folderError = createFolder.error
    ? (isApiError(createFolder.error) && createFolder.error.fieldErrors.name) ||
      createFolder.error.message
    : undefined;
  const uploadError = upload.error
    ? (isApiError(upload.error) && upload.error.fieldErrors.filedata) ||
      (isApiError(upload.error) && upload.error.fieldErrors.name) ||
      upload.error.message
    : undefined;

  const closeDialog = () => {
    setDialogOpen(false);
    setName('');
    createFolder.reset();
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <input
          ref={input}
          type="file"
          hidden
          aria-hidden
          tabIndex={-1}
          data-testid="document-upload-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) upload.mutate(file);
            event.target.value = '';
          }}
        />
        <Button
          variant="contained"
          startIcon={<UploadFileOutlined />}
          disabled={upload.isPending}
          onClick={() => input.current?.click()}
        >
          {upload.isPending ? t.uploading : t.upload}
        </Button>
        <Button
          variant="outlined"
          startIcon={<CreateNewFolderOutlined />}
          onClick={() => setDialogOpen(true)}
        >
          {t.newFolder}
        </Button>
      </Stack>
      <div role="status">
        {upload.isSuccess ? (
          <Alert severity="success">{format(t.uploaded, { name: upload.data.entry.name })}</Alert>
        ) : null}
      </div>
      {uploadError ? <Alert severity="error">{uploadError}</Alert> : null}
      <Dialog open={dialogOpen} onClose={closeDialog} aria-labelledby="new-folder-title">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            createFolder.mutate(name, { onSuccess: closeDialog });
          }}
        >
          <DialogTitle id="new-folder-title">{t.newFolder}</DialogTitle>
          <DialogContent>
            <TextField
              autoFocus
              required
              fullWidth
              margin="dense"
              label={t.newFolderName}
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={Boolean(createFolder.error)}
              helperText={folderError}
              slotProps={{ htmlInput: { maxLength: 255 } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={closeDialog}>{t.cancel}</Button>
            <Button type="submit" variant="contained" disabled={createFolder.isPending}>
              {t.create}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </Stack>
  );
}

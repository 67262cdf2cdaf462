import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { format, formatFileSize, mediaAcceptAttribute, sv } from '@skolportalen/shared';
import { useId, useRef, useState, type DragEvent } from 'react';

interface FileDropZoneProps {
  file: File | null;
  onFile: (file: File) => void;
  /** Ids of the texts that describe the choice (the image guidance, an error). */
  describedBy: string;
  invalid: boolean;
  disabled?: boolean;
}

/**
 * Drag and drop a file, or choose one with the button (which is what keyboard
 * and screen-reader users get: a real button opening the file dialog).
 */
export function FileDropZone({ file, onFile, describedBy, invalid, disabled }: FileDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const statusId = useId();

  const over = (event: DragEvent) => {
    event.preventDefault();
    if (!disabled) setDragging(true);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !disabled) onFile(dropped);
  };

  return (
    <Box
      onDragEnter={over}
      onDragOver={over}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      data-testid="media-drop-zone"
      sx={{
        border: '2px dashed',
        borderColor: invalid ? 'error.main' : dragging ? 'primary.main' : 'grey.500',
        bgcolor: dragging ? 'action.hover' : 'grey.50',
        borderRadius: 2,
        p: 2.5,
        textAlign: 'center',
      }}
    >
      <UploadFileOutlined color="primary" sx={{ fontSize: 36 }} aria-hidden />
      <Typography sx={{ mb: 1 }}>
        {dragging ? sv.media.dropZoneActive : sv.media.dropZone}
      </Typography>
      <Button
        variant="outlined"
        onClick={() => input.current?.click()}
        disabled={disabled}
        aria-describedby={`${statusId} ${describedBy}`}
      >
        {sv.media.chooseFile}
      </Button>
      <input
        ref={input}
        type="file"
        accept={mediaAcceptAttribute}
        hidden
        tabIndex={-1}
        aria-hidden
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          if (chosen) onFile(chosen);
          // Choosing the same file again after fixing it must still count as a change.
          event.target.value = '';
        }}
        data-testid="media-file-input"
      />
      <Typography id={statusId} variant="body2" sx={{ mt: 1, wordBreak: 'break-all' }}>
        {file
          ? format(sv.media.chosenFile, { name: file.name, size: formatFileSize(file.size) })
          : sv.media.noFileChosen}
      </Typography>
    </Box>
  );
}

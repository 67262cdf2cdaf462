import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { sv } from '@skolportalen/shared';
import { useId, useState, type FormEvent } from 'react';

const t = sv.posts.richText;

/** What the HTML policy lets a link point at: http(s), mailto, tel and paths on this site. */
export function isAllowedHref(href: string): boolean {
  return /^(https?:\/\/[^\s]+|mailto:[^\s]+|tel:[^\s]+|\/(?!\/)[^\s]*)$/i.test(href.trim());
}

interface LinkDialogProps {
  open: boolean;
  initialUrl: string;
  /** Asks for the link's text too (nothing is selected). */
  askText: boolean;
  onClose: () => void;
  onInsert: (href: string, text: string) => void;
}

/** "Infoga länk": an address, and the text when nothing is selected. */
export function LinkDialog({ open, initialUrl, askText, onClose, onInsert }: LinkDialogProps) {
  const titleId = useId();
  const [url, setUrl] = useState(initialUrl);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isAllowedHref(url)) {
      setError(sv.validation.url);
      return;
    }
    onInsert(url.trim(), text.trim());
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t.linkDialogTitle}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t.linkUrl}
              value={url}
              required
              autoFocus
              onChange={(event) => {
                setUrl(event.target.value);
                setError(null);
              }}
              error={error !== null}
              helperText={error ?? t.linkUrlHint}
            />
            {askText ? (
              <TextField
                label={t.linkText}
                value={text}
                onChange={(event) => setText(event.target.value)}
              />
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t.cancel}</Button>
          <Button type="submit" variant="contained">
            {t.insert}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

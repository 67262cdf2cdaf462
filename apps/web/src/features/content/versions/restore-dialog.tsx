import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { format, type PostResponse, type VersionSummary } from '@skolportalen/shared';
import { versionHistoryTexts } from '@skolportalen/shared/texts/version-history';
import { useId, useState } from 'react';
import { useRestoreVersion } from '../api/versions';

const t = versionHistoryTexts;

/**
 * The question before a version is restored: what happens (a new draft, the
 * history kept), and what it costs now (a published post goes offline until
 * published again; changes not saved are lost).
 */
export function RestoreDialog({
  postId,
  version,
  published,
  dirty,
  onCancel,
  onRestored,
}: {
  postId: number;
  version: VersionSummary | null;
  published: boolean;
  dirty: boolean;
  onCancel: () => void;
  onRestored: (post: PostResponse) => void;
}) {
  const titleId = useId();
  const textId = useId();
  const restore = useRestoreVersion(postId);
  // The number stays while the dialog closes, so its text does not change as it fades.
  const [shown, setShown] = useState(version);
  if (version && version !== shown) setShown(version);
  const n = shown?.number ?? 0;
  return (
    <Dialog
      open={version !== null}
      onClose={restore.isPending ? undefined : onCancel}
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <DialogTitle id={titleId}>{format(t.restoreTitle, { n })}</DialogTitle>
      <DialogContent id={textId}>
        <DialogContentText sx={{ mb: 1 }}>{format(t.restoreText, { n })}</DialogContentText>
        {published ? (
          <DialogContentText sx={{ mb: 1, fontWeight: 600 }}>{t.restoreOffline}</DialogContentText>
        ) : null}
        {dirty ? <DialogContentText>{t.restoreUnsaved}</DialogContentText> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={restore.isPending}>
          {t.cancel}
        </Button>
        <Button
          variant="contained"
          disabled={restore.isPending}
          onClick={() => restore.mutate(n, { onSuccess: onRestored })}
        >
          {restore.isPending ? t.restoring : t.restoreConfirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

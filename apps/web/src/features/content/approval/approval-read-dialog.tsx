import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { format, sv, type ApprovalQueueItem } from '@skolportalen/shared';
import { useId } from 'react';
import { PostArticle } from '../components/post-article';

const t = sv.approvals.queue;

/**
 * The whole waiting post as its readers will see it, with the decision under
 * it. A refusal (changed since it was opened) shows above the post, which by
 * then is the new version.
 */
export function ApprovalReadDialog({
  item,
  error,
  busy,
  onApprove,
  onSendBack,
  onClose,
}: {
  item: ApprovalQueueItem;
  error: string | null;
  busy: boolean;
  onApprove: () => void;
  onSendBack: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} fullScreen aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {format(t.readTitle, { title: item.post.title })}
      </DialogTitle>
      <IconButton
        onClick={onClose}
        aria-label={t.close}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <Close />
      </IconButton>
      <DialogContent dividers>
        <Box sx={{ maxWidth: 960, mx: 'auto' }}>
          {error ? (
            <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
              {error}
            </Alert>
          ) : null}
          <PostArticle post={item.post} asPage={false} />
        </Box>
      </DialogContent>
      <DialogActions
        role="group"
        aria-label={t.decisions}
        sx={{ flexWrap: 'wrap', gap: 1, px: 3, py: 1.5 }}
      >
        <Button onClick={onClose}>{t.close}</Button>
        <Button variant="outlined" disabled={busy} onClick={onSendBack}>
          {t.sendBack}
        </Button>
        <Button variant="contained" disabled={busy} onClick={onApprove}>
          {t.approve}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

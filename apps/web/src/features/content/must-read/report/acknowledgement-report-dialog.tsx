import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { format, sv, type PostListItem } from '@skolportalen/shared';
import { useId } from 'react';
import { useAcknowledgementSummary } from '../../api/acknowledgement-report';
import { ReportRows } from './report-rows';
import { ReportSummary } from './report-summary';

const t = sv.mustRead.report;

export interface AcknowledgementReportDialogProps {
  open: boolean;
  post: Pick<PostListItem, 'id' | 'title'>;
  onClose: () => void;
}

/**
 * Who has confirmed a must-read post (decision 0040), opened from its reading
 * page by its author, its editors, a rektor of a school it reaches and
 * administrators: the figures, then the rows. The whole screen on a phone.
 */
export default function AcknowledgementReportDialog({
  open,
  post,
  onClose,
}: AcknowledgementReportDialogProps) {
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const summary = useAcknowledgementSummary(post.id);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="lg"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {format(t.title, { title: post.title })}
      </DialogTitle>
      <IconButton
        onClick={onClose}
        aria-label={t.close}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <Close />
      </IconButton>
      <DialogContent dividers>
        {summary.isPending ? (
          <Stack spacing={1} role="status" aria-label={t.loading}>
            <Skeleton variant="rounded" height={72} />
            <Skeleton variant="rounded" height={240} />
          </Stack>
        ) : summary.isError ? (
          <Alert severity="warning">{t.failed}</Alert>
        ) : (
          <Stack spacing={4}>
            <ReportSummary summary={summary.data} />
            <ReportRows postId={post.id} summary={summary.data} />
          </Stack>
        )}
      </DialogContent>
    </Dialog>
  );
}

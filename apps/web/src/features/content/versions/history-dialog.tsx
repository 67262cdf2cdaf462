import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { format, sv, type PostResponse, type VersionSummary } from '@skolportalen/shared';
import { versionHistoryTexts } from '@skolportalen/shared/texts/version-history';
import { useId, useState } from 'react';
import { useVersion, useVersionList } from '../api/versions';
import { longDateTime, shortDateTime } from '../components/dates';
import { RestoreDialog } from './restore-dialog';
import { VersionComparison } from './version-comparison';

const t = versionHistoryTexts;
/** Versions listed at first, and added by each "Visa fler versioner". */
const pageSize = 50;

export interface HistoryDialogProps {
  open: boolean;
  post: Pick<PostResponse, 'id' | 'title' | 'status'>;
  /** The editor has changes not saved: restoring would replace them, which the question says. */
  dirty: boolean;
  onClose: () => void;
  onRestored: (post: PostResponse) => void;
}

function VersionItem({
  version,
  onRestore,
}: {
  version: VersionSummary;
  onRestore: (version: VersionSummary) => void;
}) {
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
        <Typography component="p" sx={{ fontWeight: 600 }}>
          {format(t.versionN, { n: version.number })} · {sv.versions.events[version.event]}
        </Typography>
        <Typography component="p" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {version.title}
        </Typography>
        <Typography component="p" variant="body2" color="text.secondary">
          {longDateTime(version.recordedAt)},{' '}
          {version.changedBy ? format(t.changedBy, { name: version.changedBy.name }) : t.bySystem}
        </Typography>
      </Box>
      <Button
        size="small"
        variant="outlined"
        aria-label={format(t.restoreLabel, { n: version.number })}
        onClick={() => onRestore(version)}
      >
        {t.restore}
      </Button>
    </Box>
  );
}

function VersionSelect({
  label,
  value,
  versions,
  onChange,
}: {
  label: string;
  value: number | null;
  versions: readonly VersionSummary[];
  onChange: (n: number) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(Number(event.target.value))}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ flex: '1 1 22rem' }}
    >
      {versions.map((version) => (
        <option key={version.number} value={version.number}>
          {format(t.versionOption, {
            n: version.number,
            event: sv.versions.events[version.event].toLowerCase(),
            date: shortDateTime(version.recordedAt),
          })}
        </option>
      ))}
    </TextField>
  );
}

/** Two versions chosen and what changed between them. */
function Comparison({ postId, versions }: { postId: number; versions: readonly VersionSummary[] }) {
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  // At first the latest change: the version before the newest against the newest.
  const toN = to ?? versions[0]?.number ?? null;
  const fromN = from ?? versions[1]?.number ?? null;
  const older = useVersion(postId, fromN);
  const newer = useVersion(postId, toN);
  if (versions.length < 2) return <Typography>{t.onlyOne}</Typography>;
  let body;
  if (fromN === toN) body = <Typography>{t.sameVersion}</Typography>;
  else if (older.isError || newer.isError)
    body = <Alert severity="warning">{t.compareFailed}</Alert>;
  else if (!older.data || !newer.data)
    body = (
      <Stack spacing={1} role="status" aria-label={t.compareLoading}>
        <Skeleton variant="rounded" height={64} />
        <Skeleton variant="rounded" height={160} />
      </Stack>
    );
  else body = <VersionComparison older={older.data} newer={newer.data} />;
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
        <VersionSelect label={t.compareFrom} value={fromN} versions={versions} onChange={setFrom} />
        <VersionSelect label={t.compareTo} value={toN} versions={versions} onChange={setTo} />
      </Stack>
      <div aria-live="polite">{body}</div>
    </Stack>
  );
}

/**
 * "Historik" in the editor of a saved post (issue 28): its versions with who
 * and when, two of them compared, and any of them restored as a new draft.
 * The whole screen on a phone.
 */
export default function HistoryDialog({
  open,
  post,
  dirty,
  onClose,
  onRestored,
}: HistoryDialogProps) {
  const titleId = useId();
  const listId = useId();
  const compareId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [count, setCount] = useState(pageSize);
  const list = useVersionList(post.id, count);
  const [restoring, setRestoring] = useState<VersionSummary | null>(null);
  const versions = list.data?.items ?? [];
  const total = list.data?.total ?? 0;

  let body;
  if (list.isError) body = <Alert severity="warning">{t.loadFailed}</Alert>;
  else if (!list.data)
    body = (
      <Stack spacing={1} role="status" aria-label={t.loading}>
        <Skeleton variant="rounded" height={72} />
        <Skeleton variant="rounded" height={240} />
      </Stack>
    );
  else
    body = (
      <Grid container spacing={4}>
        <Grid component="section" aria-labelledby={listId} size={{ xs: 12, md: 5 }}>
          <Typography id={listId} component="h3" variant="h6">
            {t.listHeading}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {format(t.count, { shown: versions.length, total })}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {versions.map((version) => (
              <VersionItem key={version.number} version={version} onRestore={setRestoring} />
            ))}
          </Box>
          {versions.length < total ? (
            <Button
              onClick={() => setCount((shown) => shown + pageSize)}
              disabled={list.isFetching}
              sx={{ mt: 1 }}
            >
              {t.showMore}
            </Button>
          ) : null}
        </Grid>
        <Grid component="section" aria-labelledby={compareId} size={{ xs: 12, md: 7 }}>
          <Typography id={compareId} component="h3" variant="h6" sx={{ mb: 2 }}>
            {t.compareHeading}
          </Typography>
          <Comparison postId={post.id} versions={versions} />
        </Grid>
      </Grid>
    );

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
      <DialogContent dividers>{body}</DialogContent>
      <RestoreDialog
        postId={post.id}
        version={restoring}
        published={post.status === 'publish' || post.status === 'future'}
        dirty={dirty}
        onCancel={() => setRestoring(null)}
        onRestored={(restored) => {
          setRestoring(null);
          onRestored(restored);
          onClose();
        }}
      />
    </Dialog>
  );
}

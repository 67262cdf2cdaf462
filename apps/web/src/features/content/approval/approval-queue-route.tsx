import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { format, sv, type ApprovalQueueItem } from '@skolportalen/shared';
import { useRef, useState } from 'react';
import { PageHeading } from '@/components/page-heading';
import { isApiError } from '@/lib/api-client';
import { errorStore } from '@/lib/error-store';
import { useApprovalDecision, useApprovalQueue } from '../api/approvals';
import { longDateTime } from '../components/dates';
import { ApprovalItem } from './approval-item';
import { ApprovalReadDialog } from './approval-read-dialog';
import { SendBackDialog } from './send-back-dialog';

const t = sv.approvals.queue;

interface Notice {
  severity: 'success' | 'warning';
  text: string;
}

/**
 * /profile/approval, "Att godkänna" (issue 29): the posts waiting for the
 * signed-in person's approval, oldest first. Each opens to be read whole and
 * approved or sent back with a comment; the server decides whose queue holds what.
 */
export default function ApprovalQueueRoute() {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(25);
  const queue = useApprovalQueue(page, perPage);
  const decide = useApprovalDecision();
  const [openId, setOpenId] = useState<number | null>(null);
  // What the dialog shows while the list reloads, and after the post left it.
  const [shown, setShown] = useState<ApprovalQueueItem | null>(null);
  const [sendingBack, setSendingBack] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  const items = queue.data?.items;
  const current = items?.find((item) => item.post.id === openId) ?? shown;

  const close = (next: Notice | null) => {
    setOpenId(null);
    setShown(null);
    setSendingBack(false);
    setRefusal(null);
    setNotice(next);
    if (next) requestAnimationFrame(() => noticeRef.current?.focus());
  };

  const act = (kind: 'approve' | 'sendBack', comment = '') => {
    if (!current) return;
    const { post, approval } = current;
    const decision =
      kind === 'approve'
        ? { kind, postId: post.id, version: approval.version }
        : { kind, postId: post.id, version: approval.version, comment };
    decide.mutate(decision, {
      onSuccess: (saved) => {
        const text =
          kind === 'sendBack'
            ? format(t.returned, { title: saved.title })
            : saved.status === 'future'
              ? format(t.approvedScheduled, {
                  title: saved.title,
                  date: longDateTime(saved.publishedDate),
                })
              : format(t.approved, { title: saved.title });
        close({ severity: 'success', text });
      },
      onError: (error) => {
        setSendingBack(false);
        if (isApiError(error) && error.status === 409) {
          // The list reloads: the post is there in its new version, to be read
          // again, or gone (another approver decided), and the dialog closes.
          const message = error.message;
          void queue.refetch().then((reloaded) => {
            if (reloaded.data?.items.some((item) => item.post.id === post.id)) {
              setRefusal(message);
            } else close({ severity: 'warning', text: message });
          });
          return;
        }
        if (isApiError(error)) {
          setRefusal(error.message);
          return;
        }
        errorStore.push({ status: 0, url: '', message: sv.errors.network });
      },
    });
  };

  return (
    <Stack spacing={2}>
      <div>
        <PageHeading>{t.title}</PageHeading>
        <Typography>{t.intro}</Typography>
      </div>
      <div role="status" aria-live="polite">
        {notice ? (
          <Alert
            ref={noticeRef}
            tabIndex={-1}
            role="none"
            severity={notice.severity}
            onClose={() => setNotice(null)}
          >
            {notice.text}
          </Alert>
        ) : null}
      </div>
      {queue.isFetching ? <LinearProgress aria-hidden /> : null}
      {queue.isError ? <Alert severity="warning">{t.failed}</Alert> : null}
      {queue.data ? (
        queue.data.items.length === 0 ? (
          <Typography>{t.none}</Typography>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary">
              {queue.data.total === 1 ? t.totalOne : format(t.total, { n: queue.data.total })}
            </Typography>
            <Box
              component="ul"
              aria-label={t.list}
              sx={{
                listStyle: 'none',
                p: 0,
                m: 0,
                borderTop: 1,
                borderBottom: 1,
                borderColor: 'divider',
                '& > li + li': { borderTop: 1, borderColor: 'divider' },
              }}
            >
              {queue.data.items.map((item) => (
                <li key={item.post.id}>
                  <ApprovalItem
                    item={item}
                    onOpen={(chosen) => {
                      setNotice(null);
                      setRefusal(null);
                      setShown(chosen);
                      setOpenId(chosen.post.id);
                    }}
                  />
                </li>
              ))}
            </Box>
            {queue.data.total > perPage ? (
              <TablePagination
                component="div"
                count={queue.data.total}
                page={Math.max(0, page - 1)}
                rowsPerPage={perPage}
                rowsPerPageOptions={[10, 25, 50]}
                onPageChange={(_event, next) => setPage(next + 1)}
                onRowsPerPageChange={(event) => {
                  setPerPage(Number(event.target.value));
                  setPage(1);
                }}
                labelRowsPerPage={sv.posts.lists.rowsPerPage}
                labelDisplayedRows={({ from, to, count }) =>
                  format(sv.posts.lists.pageOf, { from, to, count })
                }
              />
            ) : null}
          </>
        )
      ) : null}
      {openId !== null && current ? (
        <ApprovalReadDialog
          item={current}
          error={refusal}
          busy={decide.isPending}
          onApprove={() => act('approve')}
          onSendBack={() => setSendingBack(true)}
          onClose={() => close(null)}
        />
      ) : null}
      {openId !== null && current && sendingBack ? (
        <SendBackDialog
          title={current.post.title}
          busy={decide.isPending}
          onCancel={() => setSendingBack(false)}
          onSend={(comment) => act('sendBack', comment)}
        />
      ) : null}
    </Stack>
  );
}

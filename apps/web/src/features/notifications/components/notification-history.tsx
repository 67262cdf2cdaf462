import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { format, sv, type SentNotificationResponse } from '@skolportalen/shared';
import { useState } from 'react';
import { historyPageSize, useNotificationHistory } from '../api/notification-history';
import { RecipientsDialog } from './recipients-dialog';

const t = sv.notifications;
const dateTime = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'short', timeStyle: 'short' });

function audienceOf(item: SentNotificationResponse) {
  return [...item.audience.groups, ...item.audience.categories, ...item.audience.users]
    .map((part) => part.name)
    .join(', ');
}

/** Sent notifications, newest first, with counts; each opens its recipients. */
export function NotificationHistory() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<SentNotificationResponse | null>(null);
  const history = useNotificationHistory(page);
  const items = history.data?.items ?? [];
  if (history.isPending) return <Typography>{sv.admin.common.loading}</Typography>;
  if (items.length === 0) return <Typography>{t.noHistory}</Typography>;
  return (
    <>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t.historyCaption}>
          <TableHead>
            <TableRow>
              <TableCell scope="col">{t.created}</TableCell>
              <TableCell scope="col">{t.subject}</TableCell>
              <TableCell scope="col">{t.audienceColumn}</TableCell>
              <TableCell scope="col">{t.counts}</TableCell>
              <TableCell scope="col">{t.state}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((item) => (
              <TableRow key={item.id}>
                <TableCell>
                  {dateTime.format(new Date(item.createdAt))}
                  <Typography variant="body2" color="text.secondary">
                    {item.source === 'manual'
                      ? (item.createdBy?.name ?? '')
                      : t.sources[item.source]}
                  </Typography>
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{item.subject}</TableCell>
                <TableCell>{audienceOf(item)}</TableCell>
                <TableCell>
                  {format(t.countsSummary, {
                    n: item.counts.recipients,
                    sent: item.counts.sent,
                    kept: item.counts.kept,
                    failed: item.counts.failed,
                  })}
                  <div>
                    <Button
                      size="small"
                      sx={{ px: 0 }}
                      onClick={() => setOpen(item)}
                      aria-label={format(t.showRecipients, { subject: item.subject })}
                    >
                      {t.showRecipientsButton}
                    </Button>
                  </div>
                </TableCell>
                <TableCell>{t.states[item.state]}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <TablePagination
          component="div"
          count={history.data?.total ?? 0}
          page={page - 1}
          rowsPerPage={historyPageSize}
          rowsPerPageOptions={[historyPageSize]}
          onPageChange={(_event, next) => setPage(next + 1)}
          labelDisplayedRows={({ from, to, count }) => `${from}–${to} av ${count}`}
        />
      </TableContainer>
      <RecipientsDialog notification={open} onClose={() => setOpen(null)} />
    </>
  );
}

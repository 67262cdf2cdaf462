import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { format, mailStatuses, sv, type OutboxMailResponse } from '@skolportalen/shared';
import { useState } from 'react';
import { outboxPageSize, useOutbox, useOutboxInfo } from '../api/notification-history';

const t = sv.notifications;
const dateTime = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'short', timeStyle: 'short' });

/** The outbox: every mail the portal made, to read; with no SMTP server this is where mail stays. */
export function OutboxSection() {
  const [status, setStatus] = useState<OutboxMailResponse['status'] | ''>('');
  const [page, setPage] = useState(1);
  const [reading, setReading] = useState<OutboxMailResponse | null>(null);
  const info = useOutboxInfo();
  const outbox = useOutbox(status, page);
  const items = outbox.data?.items ?? [];
  return (
    <Stack spacing={2}>
      {info.data ? (
        <Alert severity={info.data.delivers ? 'info' : 'warning'}>
          {info.data.delivers ? t.outboxSendsNote : t.outboxKeptNote}
        </Alert>
      ) : null}
      <TextField
        select
        label={t.statusFilter}
        value={status}
        onChange={(event) => {
          // The menu offers the mail statuses and '' (all).
          setStatus(event.target.value as OutboxMailResponse['status'] | '');
          setPage(1);
        }}
        size="small"
        sx={{ maxWidth: 240 }}
      >
        <MenuItem value="">{t.allStatuses}</MenuItem>
        {mailStatuses.map((value) => (
          <MenuItem key={value} value={value}>
            {t.deliveries[value]}
          </MenuItem>
        ))}
      </TextField>
      {items.length === 0 && !outbox.isPending ? (
        <Typography>{t.noOutbox}</Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t.outboxCaption}>
            <TableHead>
              <TableRow>
                <TableCell scope="col">{t.created}</TableCell>
                <TableCell scope="col">{t.address}</TableCell>
                <TableCell scope="col">{t.subject}</TableCell>
                <TableCell scope="col">{t.state}</TableCell>
                <TableCell scope="col">{t.attempts}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((mail) => (
                <TableRow key={mail.id}>
                  <TableCell>{dateTime.format(new Date(mail.createdAt))}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{mail.to}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    <Button
                      size="small"
                      sx={{ px: 0, textAlign: 'left' }}
                      onClick={() => setReading(mail)}
                      aria-label={format(t.showMail, { to: mail.to })}
                    >
                      {mail.subject}
                    </Button>
                  </TableCell>
                  <TableCell>
                    {t.deliveries[mail.status]}
                    {mail.lastError ? (
                      <Typography variant="body2" color="error">
                        {mail.lastError}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell>{mail.attempts}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <TablePagination
            component="div"
            count={outbox.data?.total ?? 0}
            page={page - 1}
            rowsPerPage={outboxPageSize}
            rowsPerPageOptions={[outboxPageSize]}
            onPageChange={(_event, next) => setPage(next + 1)}
            labelDisplayedRows={({ from, to, count }) => `${from}–${to} av ${count}`}
          />
        </TableContainer>
      )}
      <Dialog
        open={reading !== null}
        onClose={() => setReading(null)}
        maxWidth="sm"
        fullWidth
        aria-labelledby="outbox-mail-title"
      >
        <DialogTitle id="outbox-mail-title">
          {reading ? format(t.mailTitle, { to: reading.to }) : ''}
        </DialogTitle>
        <DialogContent>
          <Typography sx={{ fontWeight: 700, mb: 1 }}>{reading?.subject}</Typography>
          <Typography component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0 }}>
            {reading?.text}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setReading(null)}>{t.close}</Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

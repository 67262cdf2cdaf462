import Box from '@mui/material/Box';
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
import { format, sv } from '@skolportalen/shared';
import { useDeferredValue, useState } from 'react';
import { useAuditLog } from '../api/list-audit';
import { AdminPage } from '../components/admin-page';

const t = sv.admin.audit;
const dateTime = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'short', timeStyle: 'medium' });

function Json({ label, value }: { label: string; value: unknown }) {
  if (value === null || value === undefined) return null;
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Box
        component="pre"
        sx={{ m: 0, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxWidth: 480 }}
      >
        {JSON.stringify(value, null, 2)}
      </Box>
    </Box>
  );
}

/** `/profile/admin/audit`: who changed what and when, newest first. */
export default function AuditRoute() {
  const [action, setAction] = useState('');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const deferred = useDeferredValue(action.toLowerCase().replace(/[^a-z_.-]/g, ''));
  const list = useAuditLog({ action: deferred, page: page + 1, perPage });
  return (
    <AdminPage title={sv.admin.pageTitles.audit} intro={t.intro}>
      <Stack spacing={2}>
        <TextField
          label={t.actionFilter}
          size="small"
          value={action}
          onChange={(event) => {
            setAction(event.target.value);
            setPage(0);
          }}
          sx={{ maxWidth: 360 }}
        />
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t.listCaption}>
            <TableHead>
              <TableRow>
                <TableCell scope="col">{t.at}</TableCell>
                <TableCell scope="col">{t.actor}</TableCell>
                <TableCell scope="col">{t.action}</TableCell>
                <TableCell scope="col">{t.entity}</TableCell>
                <TableCell scope="col">{t.details}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(list.data?.items ?? []).map((entry) => (
                <TableRow key={entry.id} sx={{ verticalAlign: 'top' }}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {dateTime.format(new Date(entry.at))}
                  </TableCell>
                  <TableCell>
                    {entry.actor?.name ?? t.system}
                    {entry.maskedBy ? (
                      <Typography variant="body2" color="text.secondary">
                        {format(t.maskedBy, { name: entry.maskedBy.name })}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{entry.action}</TableCell>
                  <TableCell>{`${entry.entityType} ${entry.entityId ?? ''}`}</TableCell>
                  <TableCell>
                    <Json label={t.before} value={entry.before} />
                    <Json label={t.after} value={entry.after} />
                  </TableCell>
                </TableRow>
              ))}
              {list.data && list.data.items.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={5}>{sv.admin.common.noResults}</TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
          <TablePagination
            component="div"
            count={list.data?.total ?? 0}
            page={page}
            onPageChange={(_event, next) => setPage(next)}
            rowsPerPage={perPage}
            rowsPerPageOptions={[10, 25, 50, 100]}
            onRowsPerPageChange={(event) => {
              setPerPage(Number(event.target.value));
              setPage(0);
            }}
            labelRowsPerPage={sv.admin.common.rowsPerPage}
          />
        </TableContainer>
      </Stack>
    </AdminPage>
  );
}

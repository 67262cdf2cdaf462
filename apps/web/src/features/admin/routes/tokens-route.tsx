import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import { sv, tokenStatuses, tokenTypes, type UserListItem } from '@skolportalen/shared';
import { useState } from 'react';
import { useTokenList, type TokenListParams } from '../api/list-tokens';
import { AdminPage } from '../components/admin-page';
import { IssueTokenForm } from '../components/issue-token-form';
import { SectionCard } from '../components/section-card';
import { StatusMessage } from '../components/status-message';
import { TokenTable } from '../components/token-table';
import { UserPicker } from '../components/user-picker';

const t = sv.admin.tokens;

/** `/profile/admin/tokens`: every sign-in, filtered and paged; revoke; issue API keys. */
export default function TokensRoute() {
  const [user, setUser] = useState<UserListItem | null>(null);
  const [type, setType] = useState<TokenListParams['type']>('');
  const [status, setStatus] = useState<TokenListParams['status']>('active');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const [message, setMessage] = useState('');
  const [issueFor, setIssueFor] = useState<UserListItem | null>(null);
  const list = useTokenList({ userId: user?.id, type, status, page: page + 1, perPage });

  return (
    <AdminPage title={sv.pageTitles.adminTokens} intro={t.intro}>
      <Stack spacing={3}>
        <StatusMessage message={message} onClose={() => setMessage('')} />
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <UserPicker
            label={t.user}
            value={user}
            onChange={(picked) => {
              setUser(picked);
              setPage(0);
            }}
          />
          <TextField
            select
            size="small"
            label={t.type}
            value={type}
            onChange={(event) => {
              setType(event.target.value as TokenListParams['type']);
              setPage(0);
            }}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="">{t.anyType}</MenuItem>
            {tokenTypes.map((option) => (
              <MenuItem key={option} value={option}>
                {t.types[option]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t.status}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as TokenListParams['status']);
              setPage(0);
            }}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="">{t.anyStatus}</MenuItem>
            {tokenStatuses.map((option) => (
              <MenuItem key={option} value={option}>
                {t.statuses[option]}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <TokenTable
          tokens={list.data?.items ?? []}
          onRevoked={() => setMessage(t.revoked)}
          footer={
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
          }
        />
        <SectionCard title={t.issueTitle}>
          <Stack spacing={2}>
            <UserPicker label={t.issueFor} value={issueFor} onChange={setIssueFor} />
            {issueFor ? <IssueTokenForm key={issueFor.id} userId={issueFor.id} /> : null}
          </Stack>
        </SectionCard>
      </Stack>
    </AdminPage>
  );
}

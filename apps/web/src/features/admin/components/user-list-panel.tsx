import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
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
import { sv, type NodeResponse, type RoleResponse } from '@skolportalen/shared';
import { useDeferredValue, useState } from 'react';
import { useUserList, type UserListParams } from '../api/list-users';
import { GroupPicker } from './group-picker';

const t = sv.admin.users;

/** Search, filter by role and group, and page through the users. */
export function UserListPanel({
  roles,
  nodes,
  selectedId,
  onSelect,
}: {
  roles: readonly RoleResponse[];
  nodes: readonly NodeResponse[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  const [search, setSearch] = useState('');
  const [role, setRole] = useState('');
  const [group, setGroup] = useState<NodeResponse | null>(null);
  const [status, setStatus] = useState<UserListParams['status']>('active');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const deferredSearch = useDeferredValue(search);
  const list = useUserList({
    search: deferredSearch,
    role,
    nodeId: group?.id ?? null,
    status,
    page: page + 1,
    perPage,
  });

  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          label={t.searchLabel}
          type="search"
          size="small"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
          sx={{ gridColumn: '1 / -1' }}
        />
        <TextField
          select
          size="small"
          label={t.roleFilter}
          value={role}
          onChange={(event) => {
            setRole(event.target.value);
            setPage(0);
          }}
        >
          <MenuItem value="">{t.anyRole}</MenuItem>
          {roles.map((option) => (
            <MenuItem key={option.id} value={option.key}>
              {option.name}
            </MenuItem>
          ))}
        </TextField>
        <GroupPicker
          nodes={nodes}
          label={t.groupFilter}
          value={group}
          onChange={(node) => {
            setGroup(node);
            setPage(0);
          }}
        />
        <TextField
          select
          size="small"
          label={t.statusFilter}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as UserListParams['status']);
            setPage(0);
          }}
        >
          <MenuItem value="active">{t.statusActive}</MenuItem>
          <MenuItem value="disabled">{t.statusDisabled}</MenuItem>
          <MenuItem value="all">{t.statusAll}</MenuItem>
        </TextField>
      </Box>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t.listCaption}>
          <TableHead>
            <TableRow>
              <TableCell scope="col">{sv.admin.common.name}</TableCell>
              <TableCell scope="col">{t.roles}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(list.data?.items ?? []).map((user) => (
              <TableRow key={user.id} selected={user.id === selectedId}>
                <TableCell>
                  <Link
                    component="button"
                    type="button"
                    sx={{ fontWeight: 600, textAlign: 'left', fontSize: '1rem' }}
                    aria-current={user.id === selectedId ? 'true' : undefined}
                    onClick={() => onSelect(user.id)}
                  >
                    {user.name}
                  </Link>
                  {user.disabledAt ? (
                    <Chip size="small" label={t.disabledChip} sx={{ ml: 1 }} />
                  ) : null}
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    sx={{ overflowWrap: 'anywhere' }}
                  >
                    {user.email ?? user.uid}
                  </Typography>
                </TableCell>
                <TableCell>{user.roles.map((held) => held.name).join(', ')}</TableCell>
              </TableRow>
            ))}
            {list.data && list.data.items.length === 0 ? (
              <TableRow>
                <TableCell colSpan={2}>{sv.admin.common.noResults}</TableCell>
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
  );
}

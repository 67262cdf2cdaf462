import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
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
import { format, nodeTypes, sv, type NodeResponse } from '@skolportalen/shared';
import { useDeferredValue, useMemo, useState } from 'react';
import { useDeleteNode } from '../api/change-nodes';
import { useAllNodes, useNodePage } from '../api/list-nodes';
import { AdminPage } from '../components/admin-page';
import { ConfirmDeleteDialog } from '../components/confirm-dialog';
import { NodeFormDialog } from '../components/node-form-dialog';
import { nodeTypeLabel } from '../components/node-type-label';
import { StatusMessage } from '../components/status-message';

const t = sv.admin.nodes;

/** `/profile/admin/nodes`: every group in a searchable, paged list; create, change, delete. */
export default function NodesRoute() {
  const [search, setSearch] = useState('');
  const [type, setType] = useState('');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const deferred = useDeferredValue(search);
  const list = useNodePage({ search: deferred, type, page: page + 1, perPage });
  const all = useAllNodes();
  const names = useMemo(
    () => new Map((all.data ?? []).map((node) => [node.id, node.name])),
    [all.data],
  );
  const remove = useDeleteNode();
  const [status, setStatus] = useState('');
  const [editing, setEditing] = useState<NodeResponse | 'new' | null>(null);
  const [deleting, setDeleting] = useState<NodeResponse | null>(null);

  return (
    <AdminPage title={sv.pageTitles.adminNodes} intro={t.intro}>
      <Stack spacing={2}>
        <StatusMessage message={status} onClose={() => setStatus('')} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
          <TextField
            label={sv.admin.common.search}
            type="search"
            size="small"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(0);
            }}
          />
          <TextField
            select
            size="small"
            label={t.typeFilter}
            value={type}
            onChange={(event) => {
              setType(event.target.value);
              setPage(0);
            }}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="">{t.anyType}</MenuItem>
            {nodeTypes.map((option) => (
              <MenuItem key={option} value={option}>
                {nodeTypeLabel(option)}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="contained" onClick={() => setEditing('new')}>
            {t.createTitle}
          </Button>
        </Stack>
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t.listCaption}>
            <TableHead>
              <TableRow>
                <TableCell scope="col">{sv.admin.common.name}</TableCell>
                <TableCell scope="col">{sv.admin.common.type}</TableCell>
                <TableCell scope="col">{t.parent}</TableCell>
                <TableCell scope="col">{sv.admin.common.externalId}</TableCell>
                <TableCell scope="col">{t.main}</TableCell>
                <TableCell scope="col">{sv.admin.common.actions}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(list.data?.items ?? []).map((node) => (
                <TableRow key={node.id}>
                  <TableCell component="th" scope="row">
                    {node.name}
                  </TableCell>
                  <TableCell>{nodeTypeLabel(node.type)}</TableCell>
                  <TableCell>
                    {node.parentId === null ? '' : (names.get(node.parentId) ?? '')}
                  </TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                    {node.externalId ?? ''}
                  </TableCell>
                  <TableCell>{node.main ? sv.admin.common.yes : sv.admin.common.no}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <IconButton
                      aria-label={format(t.editNode, { name: node.name })}
                      onClick={() => setEditing(node)}
                    >
                      <EditOutlined />
                    </IconButton>
                    <IconButton
                      aria-label={format(t.deleteNode, { name: node.name })}
                      onClick={() => setDeleting(node)}
                    >
                      <DeleteOutline />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
              {list.data && list.data.items.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={6}>{sv.admin.common.noResults}</TableCell>
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
      {editing !== null && all.data ? (
        <NodeFormDialog
          open
          node={editing === 'new' ? undefined : editing}
          nodes={all.data}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null);
            setStatus(message);
          }}
        />
      ) : null}
      <ConfirmDeleteDialog
        name={deleting?.name ?? ''}
        open={deleting !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const node = deleting!;
          setDeleting(null);
          remove.mutate(node.id, {
            onSuccess: () => setStatus(format(t.deleted, { name: node.name })),
          });
        }}
      />
    </AdminPage>
  );
}

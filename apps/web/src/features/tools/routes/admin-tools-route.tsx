import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { format, hasCapability, sv, type LinkResponse } from '@skolportalen/shared';
import { useMemo, useState } from 'react';
import { PageHeading } from '@/components/page-heading';
import { visuallyHidden } from '@/components/visually-hidden';
import { isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { useGroups, useRoleCategories } from '@/lib/groups';
import { useAdminTools } from '../api/admin-tools';
import { useDeleteTool } from '../api/delete-tool';
import { useSaveTool } from '../api/save-tool';
import { AdminToolsTable } from '../components/admin-tools-table';
import { ToolFormDialog } from '../components/tool-form-dialog';
import { inputOf } from '../components/tool-values';

const t = sv.toolsAndProfile.adminTools;

type Editing = { kind: 'new' } | { kind: 'edit'; tool: LinkResponse } | null;

/** `/profile/admin/tools`: create, edit, target, order and remove tools. */
export default function AdminToolsRoute() {
  const { data: user } = useCurrentUser();
  const tools = useAdminTools();
  const groups = useGroups();
  const roles = useRoleCategories();
  const move = useSaveTool();
  const remove = useDeleteTool();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<LinkResponse | null>(null);
  const [status, setStatus] = useState('');
  const groupNames = useMemo(
    () => new Map((groups.data ?? []).map((node) => [node.id, node.name])),
    [groups.data],
  );
  const roleNames = useMemo(
    () => new Map((roles.data ?? []).map((category) => [category.id, category.name])),
    [roles.data],
  );
  if (!user) return null;

  const mayCreate = hasCapability(user.capabilities, 'create_link');
  const mayCreateGoogle = hasCapability(user.capabilities, 'create_google_tool');
  // A principal aims tools at their own schools; administrators anywhere.
  const rootIds = user.isAdmin
    ? undefined
    : user.groups.filter((group) => group.type === 'Skolenhet').map((group) => group.id);
  const failure = move.error ?? remove.error;

  const onMove = (index: number, step: -1 | 1) => {
    const list = tools.data ?? [];
    const tool = list[index]!;
    const neighbour = list[index + step]!;
    if (tool.linkSort === neighbour.linkSort) {
      move.mutate({ id: tool.id, values: { ...inputOf(tool), linkSort: tool.linkSort + step } });
    } else {
      move.mutate({ id: tool.id, values: { ...inputOf(tool), linkSort: neighbour.linkSort } });
      move.mutate({ id: neighbour.id, values: { ...inputOf(neighbour), linkSort: tool.linkSort } });
    }
  };

  return (
    <Stack spacing={3}>
      <div>
        <PageHeading>{sv.pageTitles.adminTools}</PageHeading>
        <Typography>{user.isAdmin ? t.intro : t.schoolResponsibleIntro}</Typography>
      </div>
      <Box role="status" sx={visuallyHidden}>
        {status}
      </Box>
      {failure ? (
        <Alert severity="error">{isApiError(failure) ? failure.message : sv.errors.network}</Alert>
      ) : null}
      {mayCreate ? (
        <div>
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setEditing({ kind: 'new' })}
          >
            {t.create}
          </Button>
        </div>
      ) : null}
      <Card>
        {tools.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label={sv.app.loadingBar} />
          </Box>
        ) : tools.data?.length ? (
          <AdminToolsTable
            tools={tools.data}
            groupNames={groupNames}
            roleNames={roleNames}
            busy={move.isPending}
            onEdit={(tool) => setEditing({ kind: 'edit', tool })}
            onDelete={setDeleting}
            onMove={onMove}
          />
        ) : (
          <Typography sx={{ p: 2 }}>{t.empty}</Typography>
        )}
      </Card>
      {editing ? (
        <ToolFormDialog
          tool={editing.kind === 'edit' ? editing.tool : undefined}
          groups={groups.data ?? []}
          roleCategories={roles.data ?? []}
          groupRootIds={rootIds}
          mayCreateGoogleTools={mayCreateGoogle}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setStatus(editing.kind === 'edit' ? t.updated : t.created);
            setEditing(null);
          }}
        />
      ) : null}
      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        aria-labelledby="delete-tool-title"
      >
        <DialogTitle id="delete-tool-title">{t.deleteTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {format(t.deleteText, { name: deleting?.name ?? '' })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>{t.cancel}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() =>
              deleting &&
              remove.mutate(deleting.id, {
                onSuccess: () => setStatus(t.deleted),
                onSettled: () => setDeleting(null),
              })
            }
          >
            {t.delete}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

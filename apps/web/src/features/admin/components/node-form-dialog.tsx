import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { format, ids, nodeTypes, sv, type NodeResponse, type NodeType } from '@skolportalen/shared';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { subtreeIds } from '@/components/group-tree/tree-model';
import { useCreateNode, useUpdateNode } from '../api/change-nodes';
import { useFieldErrors } from './field-errors';
import { GroupPicker } from './group-picker';
import { nodeTypeLabel } from './node-type-label';

const t = sv.admin.nodes;

/** Creates a group, or changes one (name, type, place, value, main flag, external id). */
export function NodeFormDialog({
  open,
  node,
  parentId,
  nodes,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The group to change; without it a new one is made. */
  node?: NodeResponse;
  /** Where a new group goes; the municipality by default. */
  parentId?: number;
  nodes: readonly NodeResponse[];
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const byId = useMemo(() => new Map(nodes.map((item) => [item.id, item])), [nodes]);
  const [name, setName] = useState(node?.name ?? '');
  const [type, setType] = useState<NodeType>((node?.type as NodeType) ?? 'Klass');
  const [parent, setParent] = useState<NodeResponse | null>(
    byId.get(node?.parentId ?? parentId ?? ids.municipalityNodeId) ?? null,
  );
  const [value, setValue] = useState(node?.value ?? '');
  const [main, setMain] = useState(node?.main ?? false);
  const [externalId, setExternalId] = useState(node?.externalId ?? '');
  const create = useCreateNode();
  const update = useUpdateNode();
  const { errors, report } = useFieldErrors();
  const titleId = useId();
  const exclude = useMemo(() => (node ? subtreeIds(nodes, node.id) : undefined), [nodes, node]);
  const isRoot = node?.id === ids.municipalityNodeId;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fields = {
      name,
      type,
      value: value || null,
      main,
      externalId: externalId || null,
      ...(isRoot || !parent ? {} : { parentId: parent.id }),
    };
    const done = {
      onSuccess: (saved: NodeResponse) =>
        onSaved(format(node ? t.updated : t.created, { name: saved.name })),
      onError: report,
    };
    if (node) update.mutate({ id: node.id, ...fields }, done);
    else create.mutate(fields, done);
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>
          {node ? format(t.editTitle, { name: node.name }) : t.createTitle}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={sv.admin.common.name}
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={Boolean(errors.name)}
              helperText={errors.name}
              required
              autoFocus
            />
            <TextField
              select
              label={sv.admin.common.type}
              value={type}
              onChange={(event) => setType(event.target.value as NodeType)}
              error={Boolean(errors.type)}
              helperText={errors.type}
            >
              {nodeTypes.map((option) => (
                <MenuItem key={option} value={option}>
                  {nodeTypeLabel(option)}
                </MenuItem>
              ))}
            </TextField>
            {isRoot ? null : (
              <div>
                <GroupPicker
                  nodes={nodes}
                  label={t.parent}
                  value={parent}
                  onChange={setParent}
                  exclude={exclude}
                  size="medium"
                />
                {errors.parentId ? <FormHelperText error>{errors.parentId}</FormHelperText> : null}
              </div>
            )}
            <TextField
              label={t.value}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              error={Boolean(errors.value)}
              helperText={errors.value}
            />
            <TextField
              label={sv.admin.common.externalId}
              value={externalId}
              onChange={(event) => setExternalId(event.target.value)}
              error={Boolean(errors.externalId)}
              helperText={errors.externalId}
            />
            <FormControlLabel
              control={
                <Checkbox checked={main} onChange={(event) => setMain(event.target.checked)} />
              }
              label={`${t.main} – ${t.mainHelp}`}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{sv.admin.common.cancel}</Button>
          <Button type="submit" variant="contained" disabled={create.isPending || update.isPending}>
            {sv.admin.common.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

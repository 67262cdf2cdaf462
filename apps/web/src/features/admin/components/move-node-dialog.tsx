import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { format, sv, type NodeResponse } from '@skolportalen/shared';
import { useId, useMemo, useState } from 'react';
import { subtreeIds } from '@/components/group-tree/tree-model';
import { useUpdateNode } from '../api/change-nodes';
import { GroupPicker } from './group-picker';

const t = sv.admin.tree;

/** Moves a group under another; its own subtree is not offered (the server refuses cycles too). */
export function MoveNodeDialog({
  node,
  nodes,
  onClose,
  onMoved,
}: {
  node: NodeResponse;
  nodes: readonly NodeResponse[];
  onClose: () => void;
  onMoved: (message: string) => void;
}) {
  const [target, setTarget] = useState<NodeResponse | null>(null);
  const update = useUpdateNode();
  const titleId = useId();
  const exclude = useMemo(() => subtreeIds(nodes, node.id), [nodes, node.id]);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{format(t.moveTitle, { name: node.name })}</DialogTitle>
      <DialogContent>
        <div style={{ paddingTop: 8 }}>
          <GroupPicker
            nodes={nodes}
            label={t.moveTo}
            value={target}
            onChange={setTarget}
            exclude={exclude}
            size="medium"
          />
        </div>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{sv.admin.common.cancel}</Button>
        <Button
          variant="contained"
          disabled={!target || update.isPending}
          onClick={() =>
            update.mutate(
              { id: node.id, parentId: target!.id },
              { onSuccess: () => onMoved(format(t.moved, { name: node.name })) },
            )
          }
        >
          {sv.admin.common.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import AddOutlined from '@mui/icons-material/AddOutlined';
import DriveFileMoveOutlined from '@mui/icons-material/DriveFileMoveOutlined';
import IconButton from '@mui/material/IconButton';
import { format, ids, sv, type NodeResponse } from '@skolportalen/shared';
import { useState } from 'react';
import { GroupTree } from '@/components/group-tree/group-tree';
import { PageLoading } from '@/components/loading-card';
import { useAllNodes } from '../api/list-nodes';
import { AdminPage } from '../components/admin-page';
import { MoveNodeDialog } from '../components/move-node-dialog';
import { NodeFormDialog } from '../components/node-form-dialog';
import { nodeTypeLabel } from '../components/node-type-label';
import { StatusMessage } from '../components/status-message';

const t = sv.admin.tree;

/** `/profile/admin/groups-tree`: the municipality's tree with external ids; add and move groups. */
export default function GroupsTreeRoute() {
  const nodes = useAllNodes();
  const [status, setStatus] = useState('');
  const [adding, setAdding] = useState<NodeResponse | null>(null);
  const [moving, setMoving] = useState<NodeResponse | null>(null);
  const done = (message: string) => {
    setAdding(null);
    setMoving(null);
    setStatus(message);
  };
  return (
    <AdminPage title={sv.pageTitles.adminGroupsTree} intro={sv.admin.nodes.intro}>
      <StatusMessage message={status} onClose={() => setStatus('')} />
      {nodes.data ? (
        <GroupTree
          items={nodes.data}
          label={t.label}
          defaultExpanded={[ids.municipalityNodeId]}
          typeLabel={nodeTypeLabel}
          renderActions={(node) => (
            <>
              <IconButton
                size="small"
                aria-label={format(t.addChild, { name: node.name })}
                onClick={() => setAdding(node)}
              >
                <AddOutlined fontSize="small" />
              </IconButton>
              {node.id === ids.municipalityNodeId ? null : (
                <IconButton
                  size="small"
                  aria-label={format(t.move, { name: node.name })}
                  onClick={() => setMoving(node)}
                >
                  <DriveFileMoveOutlined fontSize="small" />
                </IconButton>
              )}
            </>
          )}
        />
      ) : (
        <PageLoading />
      )}
      {adding && nodes.data ? (
        <NodeFormDialog
          open
          parentId={adding.id}
          nodes={nodes.data}
          onClose={() => setAdding(null)}
          onSaved={done}
        />
      ) : null}
      {moving && nodes.data ? (
        <MoveNodeDialog
          node={moving}
          nodes={nodes.data}
          onClose={() => setMoving(null)}
          onMoved={done}
        />
      ) : null}
    </AdminPage>
  );
}

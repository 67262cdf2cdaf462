import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { format, sv, type CategoryResponse, type NodeResponse } from '@skolportalen/shared';
import { useState } from 'react';
import { useChangeCategoryNode } from '../api/change-categories';
import { GroupPicker } from './group-picker';
import { RemovableList } from './removable-list';

const t = sv.admin.categories;

/** One category: its groups (remove, add) and a delete button. */
export function CategoryRow({
  category,
  nodes,
  onDelete,
}: {
  category: CategoryResponse;
  nodes: readonly NodeResponse[];
  onDelete: (category: CategoryResponse) => void;
}) {
  const [picked, setPicked] = useState<NodeResponse | null>(null);
  const change = useChangeCategoryNode();
  return (
    <TableRow>
      <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace' }}>
        {category.key}
      </TableCell>
      <TableCell>{category.name}</TableCell>
      <TableCell>{category.type}</TableCell>
      <TableCell sx={{ minWidth: 320 }}>
        <Stack spacing={1}>
          <RemovableList
            items={category.nodes.map((node) => ({ id: node.id, label: node.name }))}
            empty={sv.admin.common.none}
            disabled={change.isPending}
            onRemove={(node) =>
              change.mutate({ categoryId: category.id, nodeId: node.id, add: false })
            }
          />
          <Stack direction="row" spacing={1} alignItems="flex-start">
            <GroupPicker
              nodes={nodes}
              label={format(t.linkNode, { name: category.name })}
              value={picked}
              onChange={setPicked}
              showHint={false}
            />
            <Button
              variant="outlined"
              size="small"
              sx={{ mt: 0.5 }}
              disabled={!picked || change.isPending}
              onClick={() =>
                change.mutate(
                  { categoryId: category.id, nodeId: picked!.id, add: true },
                  { onSuccess: () => setPicked(null) },
                )
              }
            >
              {sv.admin.common.add}
            </Button>
          </Stack>
        </Stack>
      </TableCell>
      <TableCell>
        <IconButton
          aria-label={format(t.deleteCategory, { name: category.name })}
          onClick={() => onDelete(category)}
        >
          <DeleteOutline />
        </IconButton>
      </TableCell>
    </TableRow>
  );
}

import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { sv, type NodeResponse, type UserDetailResponse } from '@skolportalen/shared';
import { useMemo, useState } from 'react';
import { useChangeUserGroups } from '../api/change-user-groups';
import { RemovableList } from './removable-list';

const t = sv.admin.users;

/** The user's groups; several can be added at once (node-bulk). */
export function UserGroupsSection({
  user,
  nodes,
  typeLabel,
}: {
  user: UserDetailResponse;
  nodes: readonly NodeResponse[];
  typeLabel: (type: string) => string;
}) {
  const [picked, setPicked] = useState<NodeResponse[]>([]);
  const change = useChangeUserGroups();
  const memberOf = useMemo(() => new Set(user.groups.map((group) => group.id)), [user.groups]);
  const options = useMemo(() => nodes.filter((node) => !memberOf.has(node.id)), [nodes, memberOf]);
  const editable = user.can.editGroups;
  return (
    <Stack spacing={2}>
      <RemovableList
        items={user.groups.map((group) => ({
          id: group.id,
          label: group.name,
          detail: typeLabel(group.type),
        }))}
        empty={t.noGroups}
        disabled={change.isPending}
        onRemove={
          editable
            ? (group) => change.mutate({ userId: user.id, nodeIds: [group.id], add: false })
            : undefined
        }
      />
      {editable ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems="flex-start">
          <Autocomplete
            multiple
            options={options}
            value={picked}
            onChange={(_event, value) => setPicked(value)}
            getOptionLabel={(node) => `${node.name} (${typeLabel(node.type)})`}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            filterOptions={(list, state) => {
              const text = state.inputValue.trim().toLocaleLowerCase('sv');
              return list
                .filter(
                  (node) =>
                    !text ||
                    node.name.toLocaleLowerCase('sv').includes(text) ||
                    (node.externalId ?? '').toLocaleLowerCase('sv').includes(text),
                )
                .slice(0, 50);
            }}
            noOptionsText={sv.admin.common.noResults}
            renderInput={(params) => <TextField {...params} size="small" label={t.addGroup} />}
            sx={{ minWidth: 280, flex: 1 }}
          />
          <Button
            variant="outlined"
            disabled={picked.length === 0 || change.isPending}
            onClick={() =>
              change.mutate(
                { userId: user.id, nodeIds: picked.map((node) => node.id), add: true },
                { onSuccess: () => setPicked([]) },
              )
            }
          >
            {sv.admin.common.add}
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}

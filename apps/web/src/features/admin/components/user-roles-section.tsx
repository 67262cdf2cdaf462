import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { mainRoleKeys, sv, type RoleResponse, type UserDetailResponse } from '@skolportalen/shared';
import { useState } from 'react';
import { useChangeUserRole } from '../api/change-user-role';
import { RemovableList } from './removable-list';

const t = sv.admin.users;

export function UserRolesSection({
  user,
  roles,
}: {
  user: UserDetailResponse;
  roles: readonly RoleResponse[];
}) {
  const [roleId, setRoleId] = useState('');
  const change = useChangeUserRole();
  const editable = user.can.editRoles;
  const missing = roles.filter((role) => !user.roles.some((held) => held.id === role.id));
  const isMain = (key: string) => (mainRoleKeys as readonly string[]).includes(key);
  const chosen = roles.find((role) => String(role.id) === roleId);
  // A user has one main role: choosing another one swaps it, and the button says so.
  const replacesMain =
    chosen !== undefined && isMain(chosen.key) && user.roles.some((held) => isMain(held.key));
  return (
    <Stack spacing={2}>
      <RemovableList
        items={user.roles.map((role) => ({ id: role.id, label: role.name }))}
        empty={sv.admin.common.none}
        disabled={change.isPending}
        onRemove={
          editable
            ? (role) => change.mutate({ userId: user.id, roleId: role.id, add: false })
            : undefined
        }
      />
      {editable ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems="flex-start">
          <TextField
            select
            size="small"
            label={t.addRole}
            value={roleId}
            onChange={(event) => setRoleId(event.target.value)}
            sx={{ minWidth: 220 }}
          >
            {missing.map((role) => (
              <MenuItem key={role.id} value={String(role.id)}>
                {role.name}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="outlined"
            disabled={!roleId || change.isPending}
            onClick={() =>
              change.mutate(
                { userId: user.id, roleId: Number(roleId), add: true, replace: replacesMain },
                { onSuccess: () => setRoleId('') },
              )
            }
          >
            {replacesMain ? t.replaceMainRole : sv.admin.common.add}
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}

import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Button from '@mui/material/Button';
import NativeSelect from '@mui/material/NativeSelect';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import {
  capabilityGroups,
  capabilityStateOf,
  format,
  sv,
  type CapabilityResponse,
  type CapabilityState,
  type RoleResponse,
} from '@skolportalen/shared';
import { Fragment, useId, useState } from 'react';
import { CapabilityStateSelect, stateColors } from './capability-state-select';

const t = sv.admin.roles;

/**
 * The rights matrix on a phone: one role at a time, chosen above the list, so
 * every role is reachable without scrolling a table sideways.
 */
export function RoleRightsList({
  roles,
  capabilities,
  onChange,
  onDeleteRole,
  busy,
}: {
  roles: readonly RoleResponse[];
  capabilities: readonly CapabilityResponse[];
  onChange: (role: RoleResponse, capability: CapabilityResponse, state: CapabilityState) => void;
  onDeleteRole: (role: RoleResponse) => void;
  busy: boolean;
}) {
  const selectId = useId();
  const [roleId, setRoleId] = useState(roles[0]?.id);
  const role = roles.find((candidate) => candidate.id === roleId) ?? roles[0];
  if (!role) return null;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end', flexWrap: 'wrap' }}>
        <FormControl sx={{ minWidth: 200, flex: 1 }}>
          <InputLabel variant="standard" htmlFor={selectId}>
            {t.shownRole}
          </InputLabel>
          <NativeSelect
            id={selectId}
            value={role.id}
            onChange={(event) => setRoleId(Number(event.target.value))}
          >
            {roles.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </NativeSelect>
        </FormControl>
        {role.can?.delete ? (
          <Button
            size="small"
            startIcon={<DeleteOutline />}
            aria-label={format(t.deleteRole, { name: role.name })}
            onClick={() => onDeleteRole(role)}
          >
            {t.delete}
          </Button>
        ) : null}
      </Stack>
      <Paper variant="outlined">
        <Table size="small" aria-label={format(t.roleCaption, { role: role.name })}>
          <TableBody>
            {capabilityGroups.map((group) => {
              const inGroup = capabilities.filter((capability) => capability.group === group);
              if (inGroup.length === 0) return null;
              return (
                <Fragment key={group}>
                  <TableRow>
                    <TableCell
                      component="th"
                      scope="colgroup"
                      colSpan={2}
                      sx={{ bgcolor: 'grey.100', fontWeight: 700 }}
                    >
                      {sv.capabilityGroups[group]}
                    </TableCell>
                  </TableRow>
                  {inGroup.map((capability) => {
                    const state = capabilityStateOf(role.capabilities?.[capability.key]);
                    return (
                      <TableRow key={capability.key}>
                        <TableCell component="th" scope="row">
                          {capability.label}
                        </TableCell>
                        <TableCell sx={{ bgcolor: stateColors[state], width: '9rem' }}>
                          <CapabilityStateSelect
                            role={role}
                            capability={capability}
                            state={state}
                            disabled={busy || !role.can?.edit}
                            onChange={(next) => onChange(role, capability, next)}
                          />
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </Fragment>
              );
            })}
          </TableBody>
        </Table>
      </Paper>
    </Stack>
  );
}

import DeleteOutline from '@mui/icons-material/DeleteOutline';
import IconButton from '@mui/material/IconButton';
import NativeSelect from '@mui/material/NativeSelect';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import {
  capabilityGroups,
  capabilityStateOf,
  capabilityStates,
  format,
  sv,
  type CapabilityResponse,
  type CapabilityState,
  type RoleResponse,
} from '@skolportalen/shared';
import { Fragment } from 'react';

const stateColors: Record<CapabilityState, string | undefined> = {
  granted: '#e3f1e6',
  denied: '#fbe5e3',
  missing: undefined,
};

/**
 * Roles × rights, grouped as the catalogue groups them; each cell is a native
 * select (missing, denied, granted), so arrow keys and screen readers work as
 * everywhere else. Cells the caller may not change are disabled by the server's flags.
 */
export function RightsMatrix({
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
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: '75vh' }}>
      <Table stickyHeader size="small" aria-label={sv.admin.roles.matrixCaption}>
        <TableHead>
          <TableRow>
            <TableCell scope="col" sx={{ minWidth: 220 }}>
              {sv.admin.roles.capability}
            </TableCell>
            {roles.map((role) => (
              <TableCell key={role.id} scope="col" sx={{ minWidth: 130, verticalAlign: 'bottom' }}>
                {role.name}
                {role.can?.delete ? (
                  <IconButton
                    size="small"
                    aria-label={format(sv.admin.roles.deleteRole, { name: role.name })}
                    onClick={() => onDeleteRole(role)}
                  >
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                ) : null}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
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
                    colSpan={roles.length + 1}
                    sx={{ bgcolor: 'grey.100', fontWeight: 700 }}
                  >
                    {sv.capabilityGroups[group]}
                  </TableCell>
                </TableRow>
                {inGroup.map((capability) => (
                  <TableRow key={capability.key} hover>
                    <TableCell component="th" scope="row">
                      {capability.label}
                    </TableCell>
                    {roles.map((role) => {
                      const state = capabilityStateOf(role.capabilities?.[capability.key]);
                      return (
                        <TableCell key={role.id} sx={{ bgcolor: stateColors[state] }}>
                          <NativeSelect
                            value={state}
                            disabled={busy || !role.can?.edit}
                            onChange={(event) =>
                              onChange(role, capability, event.target.value as CapabilityState)
                            }
                            inputProps={{
                              'aria-label': format(sv.admin.roles.cellLabel, {
                                capability: capability.label,
                                role: role.name,
                              }),
                            }}
                            variant="standard"
                          >
                            {capabilityStates.map((option) => (
                              <option key={option} value={option}>
                                {sv.capabilityStates[option]}
                              </option>
                            ))}
                          </NativeSelect>
                        </TableCell>
                      );
                    })}
                  </TableRow>
                ))}
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

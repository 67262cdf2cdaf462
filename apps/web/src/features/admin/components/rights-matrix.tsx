import DeleteOutline from '@mui/icons-material/DeleteOutline';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  capabilityGroups,
  capabilityStateOf,
  format,
  sv,
  type CapabilityResponse,
  type CapabilityState,
  type RoleResponse,
} from '@skolportalen/shared';
import { Fragment } from 'react';
import { CapabilityStateSelect, stateColors } from './capability-state-select';
import { RoleRightsList } from './role-rights-list';

interface RightsMatrixProps {
  roles: readonly RoleResponse[];
  capabilities: readonly CapabilityResponse[];
  onChange: (role: RoleResponse, capability: CapabilityResponse, state: CapabilityState) => void;
  onDeleteRole: (role: RoleResponse) => void;
  busy: boolean;
}

/** The rights column's width: it stays put while the roles scroll under it. */
const firstColumn = { xs: 180, md: 220 };
const sticky = {
  position: 'sticky',
  left: 0,
  bgcolor: 'background.paper',
  borderRight: 1,
  borderRightColor: 'divider',
  minWidth: firstColumn,
  maxWidth: firstColumn,
} as const;

/**
 * Roles × rights, grouped as the catalogue groups them; each cell is a native
 * select (missing, denied, granted), so arrow keys and screen readers work as
 * everywhere else. Cells the caller may not change are disabled by the server's flags.
 *
 * The rights column is sticky and the roles scroll sideways within the table,
 * so every role is reachable at any width; a phone gets one role at a time.
 */
export function RightsMatrix(props: RightsMatrixProps) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return phone ? <RoleRightsList {...props} /> : <RightsTable {...props} />;
}

function RightsTable({ roles, capabilities, onChange, onDeleteRole, busy }: RightsMatrixProps) {
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      // A cell the keyboard reaches scrolls out from under the sticky column.
      sx={{ maxHeight: '75vh', overflowX: 'auto', scrollPaddingLeft: firstColumn }}
    >
      <Table stickyHeader size="small" aria-label={sv.admin.roles.matrixCaption}>
        <TableHead>
          <TableRow>
            <TableCell scope="col" sx={{ ...sticky, zIndex: 3 }}>
              {sv.admin.roles.capability}
            </TableCell>
            {roles.map((role) => (
              <TableCell key={role.id} scope="col" sx={{ minWidth: 120, verticalAlign: 'bottom' }}>
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
                    sx={{ ...sticky, zIndex: 1, bgcolor: 'grey.100', fontWeight: 700 }}
                  >
                    {sv.capabilityGroups[group]}
                  </TableCell>
                  <TableCell
                    colSpan={roles.length}
                    aria-hidden
                    sx={{ bgcolor: 'grey.100', p: 0 }}
                  />
                </TableRow>
                {inGroup.map((capability) => (
                  <TableRow key={capability.key} hover>
                    <TableCell component="th" scope="row" sx={{ ...sticky, zIndex: 1 }}>
                      {capability.label}
                    </TableCell>
                    {roles.map((role) => {
                      const state = capabilityStateOf(role.capabilities?.[capability.key]);
                      return (
                        <TableCell key={role.id} sx={{ bgcolor: stateColors[state] }}>
                          <CapabilityStateSelect
                            role={role}
                            capability={capability}
                            state={state}
                            disabled={busy || !role.can?.edit}
                            onChange={(next) => onChange(role, capability, next)}
                          />
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

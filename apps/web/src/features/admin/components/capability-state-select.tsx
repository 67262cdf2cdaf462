import NativeSelect from '@mui/material/NativeSelect';
import {
  capabilityStates,
  format,
  sv,
  type CapabilityResponse,
  type CapabilityState,
  type RoleResponse,
} from '@skolportalen/shared';

export const stateColors: Record<CapabilityState, string | undefined> = {
  granted: '#e3f1e6',
  denied: '#fbe5e3',
  missing: undefined,
};

/** One role's state of one right, as a native select (missing, denied, granted). */
export function CapabilityStateSelect({
  role,
  capability,
  state,
  disabled,
  onChange,
}: {
  role: RoleResponse;
  capability: CapabilityResponse;
  state: CapabilityState;
  disabled: boolean;
  onChange: (state: CapabilityState) => void;
}) {
  return (
    <NativeSelect
      value={state}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as CapabilityState)}
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
  );
}

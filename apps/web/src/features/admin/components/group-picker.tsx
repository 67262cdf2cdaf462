import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { sv, type NodeResponse } from '@skolportalen/shared';
import { useMemo } from 'react';

/** Picks one group by name or external id, showing where it sits. */
export function GroupPicker({
  nodes,
  label = sv.admin.common.pickGroup,
  value,
  onChange,
  exclude,
  size = 'small',
  showHint = true,
}: {
  nodes: readonly NodeResponse[];
  label?: string;
  value: NodeResponse | null;
  onChange: (node: NodeResponse | null) => void;
  exclude?: ReadonlySet<number>;
  size?: 'small' | 'medium';
  /** The "type to search" hint under the field. */
  showHint?: boolean;
}) {
  const byId = useMemo(() => new Map(nodes.map((node) => [node.id, node])), [nodes]);
  const options = useMemo(
    () => (exclude ? nodes.filter((node) => !exclude.has(node.id)) : [...nodes]),
    [nodes, exclude],
  );
  const place = (node: NodeResponse) => {
    const parent = node.parentId === null ? undefined : byId.get(node.parentId);
    return parent ? `${node.name} – ${parent.name}` : node.name;
  };
  return (
    <Autocomplete
      options={options}
      value={value}
      onChange={(_event, node) => onChange(node)}
      getOptionLabel={place}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      filterOptions={(list, state) => {
        const text = state.inputValue.trim().toLocaleLowerCase('sv');
        if (!text) return list.slice(0, 50);
        return list
          .filter(
            (node) =>
              node.name.toLocaleLowerCase('sv').includes(text) ||
              (node.externalId ?? '').toLocaleLowerCase('sv').includes(text),
          )
          .slice(0, 50);
      }}
      noOptionsText={sv.admin.common.noResults}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          helperText={showHint ? sv.admin.common.pickGroupHint : undefined}
          size={size}
        />
      )}
      sx={{ minWidth: 260 }}
    />
  );
}

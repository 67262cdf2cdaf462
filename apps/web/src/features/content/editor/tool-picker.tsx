import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { parseToolIds, sv, type LinkResponse } from '@skolportalen/shared';
import { useToolChoices } from '../api/tool-choices';

const b = sv.posts.builder;

/** Chooses the tool block's tools by name; stored as the spec's JSON list of ids. */
export function ToolPicker({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (toolIds: string) => void;
  error?: string;
}) {
  const choices = useToolChoices();
  const options = choices.data ?? [];
  const ids = parseToolIds(value);
  const selected = ids
    .map((id) => options.find((tool) => tool.id === id))
    .filter((tool): tool is LinkResponse => Boolean(tool));
  return (
    <Autocomplete
      multiple
      options={options}
      loading={choices.isPending}
      value={selected}
      getOptionLabel={(tool) => tool.name}
      isOptionEqualToValue={(a, b2) => a.id === b2.id}
      onChange={(_event, tools) => onChange(JSON.stringify(tools.map((tool) => tool.id)))}
      renderInput={(params) => (
        <TextField
          {...params}
          label={b.toolIds}
          error={Boolean(error)}
          helperText={error ?? b.toolsHint}
        />
      )}
    />
  );
}

import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { importLeaversModes, sv, type ImportLeaversMode } from '@skolportalen/shared';
import { useId } from 'react';

const t = sv.admin.import.leavers;

/** What a run does with imported accounts the source no longer lists. */
export function ImportLeaversChoice({
  value,
  onChange,
}: {
  value: ImportLeaversMode;
  onChange: (value: ImportLeaversMode) => void;
}) {
  const labelId = useId();
  const helpId = useId();
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend" id={labelId}>
        {t.legend}
      </FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        aria-describedby={helpId}
        value={value}
        onChange={(event) => onChange(event.target.value as ImportLeaversMode)}
      >
        {importLeaversModes.map((mode) => (
          <FormControlLabel key={mode} value={mode} control={<Radio />} label={t[mode]} />
        ))}
      </RadioGroup>
      <FormHelperText id={helpId} sx={{ mx: 0 }}>
        {t.help}
      </FormHelperText>
    </FormControl>
  );
}

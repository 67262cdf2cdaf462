import TextField from '@mui/material/TextField';
import { sv } from '@skolportalen/shared';
import { useState, type ReactNode } from 'react';
import { parseSwedishDate, showSwedishDate } from '@/lib/swedish-date';

const t = sv.dateField;

interface SwedishDateFieldProps {
  id?: string;
  label: string;
  /** `YYYY-MM-DD`, or `YYYY-MM-DDTHH:mm` with `withTime`; empty when not set. */
  value: string;
  onChange: (value: string) => void;
  withTime?: boolean;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
}

/**
 * A date, or a date and a time, written the Swedish way ("2026-12-01 13:00",
 * 24-hour clock) whatever the browser's language: a native date input would
 * follow the browser and show "mm/dd/yyyy" and "09:24 AM" in English.
 * Text that is not yet a date goes to the form as written, so the form's own
 * check refuses it instead of keeping an older date.
 */
export function SwedishDateField({
  id,
  label,
  value,
  onChange,
  withTime = false,
  required,
  disabled,
  error,
  helperText,
}: SwedishDateFieldProps) {
  const [text, setText] = useState(() => showSwedishDate(value));
  const [sent, setSent] = useState(value);
  const [touched, setTouched] = useState(false);
  // A new value from outside (a loaded post, a reset) replaces what is written.
  if (value !== sent) {
    setSent(value);
    setText(showSwedishDate(value));
  }
  const parsed = parseSwedishDate(text, withTime);
  const invalid = touched && text.trim() !== '' && parsed === null;
  const example = withTime ? t.dateTimeExample : t.dateExample;
  return (
    <TextField
      id={id}
      label={label}
      value={text}
      required={required}
      disabled={disabled}
      error={error || invalid}
      helperText={
        invalid ? (
          `${withTime ? t.invalidDateTime : t.invalidDate} ${example}`
        ) : error ? (
          helperText
        ) : (
          <>
            {helperText}
            {helperText ? ' ' : null}
            {/* The example date stays on one line: "2026-" and "12-01" apart read as two numbers. */}
            <span style={{ whiteSpace: 'nowrap' }}>{example}</span>
          </>
        )
      }
      placeholder={withTime ? t.dateTimePlaceholder : t.datePlaceholder}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        const result = next.trim() === '' ? '' : (parseSwedishDate(next, withTime) ?? next);
        setSent(result);
        onChange(result);
      }}
      onBlur={() => {
        setTouched(true);
        if (parsed !== null) setText(showSwedishDate(parsed));
      }}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { inputMode: 'numeric', autoComplete: 'off', spellCheck: false },
      }}
    />
  );
}

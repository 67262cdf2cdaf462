import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, type ChangeEvent, type Ref } from 'react';

export interface TextAreaFieldProps {
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLTextAreaElement>) => void;
  /** Lines shown before anything is written; the field grows with its text. */
  rows?: number;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
  maxLength?: number;
  /** More descriptions of the field beside its helper text (ids). */
  describedBy?: string;
  inputRef?: Ref<HTMLTextAreaElement>;
  id?: string;
}

/**
 * A labelled text area with its helper text, as MUI's multiline TextField
 * draws it, for pages people read rather than edit (a post's comments, a
 * course's booking). TextField brings the code of Select and its menu along,
 * and its growing text area measures the page's layout as it mounts, the
 * longest task of opening such a page on a phone; this one is a plain
 * textarea that the browser grows (`field-sizing`).
 */
export function TextAreaField({
  label,
  value,
  onChange,
  rows = 1,
  required,
  disabled,
  error,
  helperText,
  maxLength,
  describedBy,
  inputRef,
  id,
}: TextAreaFieldProps) {
  const ownId = useId();
  const fieldId = id ?? ownId;
  const helperId = `${fieldId}-helper-text`;
  const described = [helperText ? helperId : undefined, describedBy].filter(Boolean).join(' ');
  return (
    <FormControl required={required} disabled={disabled} error={error} fullWidth>
      <InputLabel htmlFor={fieldId}>{label}</InputLabel>
      <OutlinedInput
        id={fieldId}
        label={label}
        multiline
        inputComponent="textarea"
        inputRef={inputRef}
        value={value}
        onChange={onChange}
        // A line of the theme's text is 1.4375em high.
        sx={{ '& textarea': { fieldSizing: 'content', minHeight: `${rows * 1.4375}em` } }}
        inputProps={{
          rows,
          maxLength,
          'aria-describedby': described || undefined,
        }}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}

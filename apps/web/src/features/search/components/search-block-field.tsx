import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { SearchButton, searchInputProps, type SearchFieldProps } from './search-field';
import { useSearchForm } from './use-search-form';

/** A full-width search form with a visible label: the results page and the mobile menu. */
export function SearchBlockField({ landmarkLabel, label, ...options }: SearchFieldProps) {
  const { value, setValue, submit, input } = useSearchForm(options);
  return (
    <Box
      component="form"
      role="search"
      aria-label={landmarkLabel}
      onSubmit={submit}
      sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}
    >
      <TextField
        inputRef={input}
        type="search"
        label={label}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        fullWidth
        size="small"
        slotProps={{ htmlInput: searchInputProps }}
      />
      <Box sx={{ color: 'primary.main' }}>
        <SearchButton size="medium" />
      </Box>
    </Box>
  );
}

import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import { searchQueryMax, svShell } from '@skolportalen/shared';
import { useSearchForm, type SearchFormOptions } from './use-search-form';

export interface SearchFieldProps extends SearchFormOptions {
  /** The search landmark's name; two fields on one page need different ones. */
  landmarkLabel: string;
  /** The field's label (visible in the block field). */
  label: string;
}

export const searchInputProps = {
  maxLength: searchQueryMax,
  enterKeyHint: 'search' as const,
};

/** The submit button of a search form. */
export function SearchButton({ size }: { size: 'small' | 'medium' }) {
  return (
    <IconButton type="submit" aria-label={svShell.search.submit} color="inherit" size={size}>
      <SearchIcon fontSize={size} />
    </IconButton>
  );
}

/**
 * The header's compact search form (role search) on the blue bar: submitting
 * opens the results page; the length is capped as the server caps it. Built on
 * InputBase alone, so the first page carries no text field machinery.
 */
export function SearchField({ landmarkLabel, label, ...options }: SearchFieldProps) {
  const { value, setValue, submit, input } = useSearchForm(options);
  return (
    <Box
      component="form"
      role="search"
      aria-label={landmarkLabel}
      onSubmit={submit}
      sx={{
        display: 'flex',
        alignItems: 'center',
        bgcolor: 'background.paper',
        color: 'text.primary',
        borderRadius: 5,
        pl: 1.5,
        height: 34,
        width: { md: 280, lg: 340 },
        '&:focus-within': { outline: '3px solid #ffffff', outlineOffset: '2px' },
      }}
    >
      <InputBase
        inputRef={input}
        type="search"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder={svShell.search.placeholder}
        sx={{ flex: 1, fontSize: '0.9rem' }}
        slotProps={{ input: { ...searchInputProps, 'aria-label': label } }}
      />
      <SearchButton size="small" />
    </Box>
  );
}

import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import TextField from '@mui/material/TextField';
import { searchQueryMax, sv } from '@skolportalen/shared';
import { useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/lib/paths';

interface SearchFieldProps {
  /** `header`: compact, on the blue header; `block`: a full-width field with a visible label. */
  variant: 'header' | 'block';
  /** The search landmark's name; two fields on one page need different ones. */
  landmarkLabel: string;
  /** The field's label (visible in the block variant). */
  label: string;
  /** Where a search goes (default: the results page for the text). */
  hrefFor?: (q: string) => string;
  /** Called after a search was started (the mobile menu closes). */
  onSearch?: () => void;
}

/** The text being searched for, when the results page is open. */
function useCurrentQuery(): string {
  const location = useLocation();
  const [params] = useSearchParams();
  return location.pathname === paths.search.path ? (params.get('q') ?? '') : '';
}

/**
 * A search form (role search): submitting opens the results page. An empty
 * field searches nothing and keeps the focus; the length is capped as the
 * server caps it.
 */
export function SearchField({
  variant,
  landmarkLabel,
  label,
  hrefFor = (q) => paths.search.href(q),
  onSearch,
}: SearchFieldProps) {
  const navigate = useNavigate();
  const current = useCurrentQuery();
  // What was typed, for the search it was typed over: a new search shows its own text.
  const [draft, setDraft] = useState({ over: current, value: current });
  const value = draft.over === current ? draft.value : current;
  const setValue = (next: string) => setDraft({ over: current, value: next });
  const input = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = value.trim();
    if (!q) {
      input.current?.focus();
      return;
    }
    void navigate(hrefFor(q));
    onSearch?.();
  };

  const inputProps = {
    maxLength: searchQueryMax,
    enterKeyHint: 'search' as const,
  };
  const button = (
    <IconButton
      type="submit"
      aria-label={sv.search.submit}
      color="inherit"
      size={variant === 'header' ? 'small' : 'medium'}
    >
      <SearchIcon fontSize={variant === 'header' ? 'small' : 'medium'} />
    </IconButton>
  );

  if (variant === 'block') {
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
          slotProps={{ htmlInput: inputProps }}
        />
        <Box sx={{ color: 'primary.main' }}>{button}</Box>
      </Box>
    );
  }

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
        placeholder={sv.search.placeholder}
        sx={{ flex: 1, fontSize: '0.9rem' }}
        slotProps={{ input: { ...inputProps, 'aria-label': label } }}
      />
      {button}
    </Box>
  );
}

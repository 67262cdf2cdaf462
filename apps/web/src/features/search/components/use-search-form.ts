import { useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/lib/paths';

export interface SearchFormOptions {
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
 * A search form's state: submitting opens the results page. An empty field
 * searches nothing and keeps the focus.
 */
export function useSearchForm({
  hrefFor = (q) => paths.search.href(q),
  onSearch,
}: SearchFormOptions) {
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

  return { value, setValue, submit, input };
}

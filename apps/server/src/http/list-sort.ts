import { parseSort, type SortTerm } from '@skolportalen/shared';
import { errors } from './errors';

/** Parses a list's sort parameter or refuses the request with a 400 naming the field. */
export function sortOrThrow<Column extends string>(
  input: string | undefined,
  allowed: readonly Column[],
  fallback: SortTerm<Column>[],
): SortTerm<Column>[] {
  const result = parseSort(input, allowed, fallback);
  if (!result.ok) throw errors.validation([{ field: 'sort', message: result.message }]);
  return result.terms;
}

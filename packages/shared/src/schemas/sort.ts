import { format } from '../texts/format';
import { sv } from '../texts/sv';

export type SortDirection = 'ASC' | 'DESC';
export interface SortTerm<Column extends string = string> {
  column: Column;
  direction: SortDirection;
}
export type SortResult<Column extends string> =
  { ok: true; terms: SortTerm<Column>[] } | { ok: false; message: string };

const termPattern = /^([A-Za-z][A-Za-z0-9_]*)(?:\s+(ASC|DESC))?$/i;

/**
 * Parses the spec's sort strings ("sort DESC, updated DESC", "name ASC")
 * against a whitelist of columns. Nothing outside the whitelist ever reaches SQL.
 */
export function parseSort<Column extends string>(
  input: string | undefined,
  allowed: readonly Column[],
  fallback: SortTerm<Column>[],
): SortResult<Column> {
  if (input === undefined || input.trim() === '') return { ok: true, terms: fallback };
  const terms: SortTerm<Column>[] = [];
  for (const part of input.split(',')) {
    const match = termPattern.exec(part.trim());
    if (!match) return { ok: false, message: format(sv.errors.invalidSort, { sort: input }) };
    const column = match[1] as string;
    if (!(allowed as readonly string[]).includes(column)) {
      return { ok: false, message: format(sv.errors.unknownSortColumn, { column }) };
    }
    const direction = (match[2] ?? 'ASC').toUpperCase() as SortDirection;
    if (terms.some((term) => term.column === column)) continue;
    terms.push({ column: column as Column, direction });
  }
  if (terms.length > 5)
    return { ok: false, message: format(sv.errors.invalidSort, { sort: input }) };
  return { ok: true, terms };
}

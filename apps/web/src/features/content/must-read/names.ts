// Made on first use: building a list format takes tens of milliseconds on a phone, and most
// pages that load this module never name anyone.
let list: Intl.ListFormat | undefined;

/** "Elsa", "Elsa och Leo", "Elsa, Leo och Maja". */
export function joinNames(names: readonly string[]): string {
  list ??= new Intl.ListFormat('sv-SE', { style: 'long', type: 'conjunction' });
  return list.format(names);
}

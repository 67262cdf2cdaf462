const list = new Intl.ListFormat('sv-SE', { style: 'long', type: 'conjunction' });

/** "Elsa", "Elsa och Leo", "Elsa, Leo och Maja". */
export function joinNames(names: readonly string[]): string {
  return list.format(names);
}

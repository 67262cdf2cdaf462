/**
 * From what someone typed to the two text-search queries the search runs
 * (decision 0014). Only words — runs of letters and digits — are kept, so no
 * tsquery syntax (`&|!():*<->`, quotes, backslashes) ever reaches the
 * database, and input that holds no word searches for nothing.
 *
 * - `match` finds the hits: every word must occur, each as the beginning of a
 *   word after Swedish stemming ("skolor" → skol:* finds "skolan", "skola",
 *   "skolskjuts"; "skol" as you type finds them too).
 * - `exact` only ranks: words found whole weigh extra, so "skolan" ranks a
 *   post about skolan above one about skolgården.
 */
export interface SearchQueries {
  match: string;
  exact: string;
  words: string[];
}

/** Words beyond these are left out: ten words narrow a portal's content enough. */
export const maxSearchWords = 10;

/** Shorter words are matched whole: a prefix of one or two letters matches almost everything. */
const minPrefixLength = 3;

/**
 * Swedish's stemmer leaves some definite forms as they are — "skolan" (skola),
 * "provet" (prov), "matsedeln" (matsedel) — so searching for one would not
 * find the plain word. Such words also search for the word without the
 * ending. Stop words with these endings ("mellan", "sedan", …) are left alone.
 */
const definiteEndings: readonly { ending: string; drop: number }[] = [
  { ending: 'an', drop: 1 },
  { ending: 'et', drop: 2 },
  { ending: 'ln', drop: 1 },
  { ending: 'rn', drop: 1 },
];
const definiteMinLength = 5;
const notDefinite = new Set(['mellan', 'sedan', 'sådan', 'mycket', 'vilket']);

const wordPattern = /[\p{L}\p{N}]+/gu;

export function searchWords(text: string): string[] {
  const words = text.normalize('NFC').toLocaleLowerCase('sv-SE').match(wordPattern) ?? [];
  return [...new Set(words)].slice(0, maxSearchWords);
}

function forms(word: string): string[] {
  if (word.length < definiteMinLength || notDefinite.has(word)) return [word];
  const definite = definiteEndings.find(({ ending }) => word.endsWith(ending));
  return definite ? [word, word.slice(0, -definite.drop)] : [word];
}

const prefixed = (word: string) => (word.length >= minPrefixLength ? `${word}:*` : word);

/** The queries for a search text, or null when it holds no word to look for. */
export function searchQueries(text: string): SearchQueries | null {
  const words = searchWords(text);
  if (words.length === 0) return null;
  const match = words.map((word) => `(${forms(word).map(prefixed).join(' | ')})`).join(' & ');
  const exact = words.join(' | ');
  return { match, exact, words };
}

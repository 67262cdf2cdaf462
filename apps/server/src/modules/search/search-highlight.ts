import type { HighlightedText } from '@skolportalen/shared';

/**
 * ts_headline marks matches with these two private-use characters instead of
 * HTML; they are taken out of the text before it is highlighted, so every one
 * in the result is a marker. The result becomes pieces the client renders as
 * <mark>, and no markup ever comes from stored text.
 */
export const matchStart = '\uE000';
export const matchEnd = '\uE001';
/** ts_headline puts this between passages. */
export const passageDelimiter = ' … ';

/** ts_headline's options with the markers; `fragments` > 0 picks the best passages. */
export function headlineOptions(fragments: number): string {
  const common = `StartSel=${matchStart}, StopSel=${matchEnd}, ShortWord=1`;
  if (fragments === 0) return `${common}, HighlightAll=true`;
  return `${common}, MaxWords=28, MinWords=12, MaxFragments=${fragments}, FragmentDelimiter="${passageDelimiter}"`;
}

/** Splits marked text into pieces; adjacent pieces of the same kind are joined. */
export function highlightPieces(marked: string): HighlightedText {
  const pieces: HighlightedText = [];
  let match = false;
  let text = '';
  const push = () => {
    if (!text) return;
    const last = pieces.at(-1);
    if (last && last.match === match) last.text += text;
    else pieces.push({ text, match });
    text = '';
  };
  for (const char of marked) {
    if (char === matchStart || char === matchEnd) {
      push();
      match = char === matchStart;
    } else {
      text += char;
    }
  }
  push();
  return pieces;
}

const ellipsis = '…';
/** The longest plain excerpt shown when the passage has no match. */
export const plainSnippetMax = 220;

const normalised = (text: string) =>
  text
    .replaceAll(matchStart, '')
    .replaceAll(matchEnd, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, '');

/** Text cut at a word boundary within `max` characters, with an ellipsis when cut. */
export function clipped(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut.slice(0, max)).trimEnd()} ${ellipsis}`;
}

/**
 * The passage as shown: when it holds no match (the hit was in the title), the
 * plain excerpt instead of ts_headline's first words; otherwise the passages
 * with an ellipsis where they begin or end inside the text. `start` and `end`
 * are the beginning and the end of the text the passages were taken from.
 */
export function finishSnippet(
  pieces: HighlightedText,
  text: { start: string; end: string; excerpt: string },
): HighlightedText {
  if (!pieces.some((piece) => piece.match)) {
    const plain = clipped(text.excerpt || text.start, plainSnippetMax);
    return plain ? [{ text: plain, match: false }] : [];
  }
  const joined = pieces.map((piece) => piece.text).join('');
  const passages = joined.split(passageDelimiter);
  const first = normalised(passages[0] ?? '');
  const last = normalised(passages.at(-1) ?? '');
  const result = pieces.map((piece) => ({ ...piece }));
  if (!normalised(text.start).startsWith(first)) {
    result.unshift({ text: `${ellipsis} `, match: false });
  }
  if (!normalised(text.end).endsWith(last)) {
    result.push({ text: ` ${ellipsis}`, match: false });
  }
  return result.reduce<HighlightedText>((merged, piece) => {
    const previous = merged.at(-1);
    if (previous && previous.match === piece.match) previous.text += piece.text;
    else merged.push(piece);
    return merged;
  }, []);
}

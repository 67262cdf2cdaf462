/** A stretch of text both versions share, or one only the older (removed) or newer (added) has. */
export interface DiffPart {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

/** Words and the spaces between them, so that a diff can keep every character. */
const tokensOf = (text: string) => text.match(/\s+|[^\s]+/g) ?? [];

const isSpace = (text: string) => /^\s+$/.test(text);

/**
 * Past this many cells of the comparison table (rows × columns of the words
 * that differ) the changed stretch is shown as removed and added whole: a
 * post's longest text block stays well below it, and the table stays a few
 * megabytes at most.
 */
const maxCells = 2_000_000;

function push(parts: DiffPart[], kind: DiffPart['kind'], text: string) {
  if (text === '') return;
  const last = parts.at(-1);
  if (last?.kind === kind) last.text += text;
  else parts.push({ kind, text });
}

/** The words between the shared start and end: a longest common subsequence, walked forwards. */
function diffMiddle(a: readonly string[], b: readonly string[], parts: DiffPart[]) {
  const n = a.length;
  const m = b.length;
  if (n * m > maxCells) {
    push(parts, 'removed', a.join(''));
    push(parts, 'added', b.join(''));
    return;
  }
  const width = m + 1;
  // lengths[i * width + j]: the longest common subsequence of a[i..] and b[j..].
  const lengths = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i -= 1) {
    for (let j = m - 1; j >= 0; j -= 1) {
      lengths[i * width + j] =
        a[i] === b[j]
          ? lengths[(i + 1) * width + j + 1]! + 1
          : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
    }
  }
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      push(parts, 'same', a[i]!);
      i += 1;
      j += 1;
    } else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) {
      push(parts, 'removed', a[i]!);
      i += 1;
    } else {
      push(parts, 'added', b[j]!);
      j += 1;
    }
  }
  push(parts, 'removed', a.slice(i).join(''));
  push(parts, 'added', b.slice(j).join(''));
}

function sharedEndSpace(a: string, b: string) {
  const end = /\s+$/;
  const [x = '', y = ''] = [end.exec(a)?.[0], end.exec(b)?.[0]];
  return x.length <= y.length ? (y.endsWith(x) ? x : '') : x.endsWith(y) ? y : '';
}

/**
 * Reads as a person would mark a change: a space shared only between two
 * changed words joins the change, and each changed stretch says first what
 * went, then what came ("stängt" → "öppet", not word by word in turn).
 */
function tidy(parts: readonly DiffPart[]): DiffPart[] {
  const result: DiffPart[] = [];
  let removed = '';
  let added = '';
  const flush = () => {
    // A space both sides end with is shared, not changed.
    const space = removed !== '' && added !== '' ? sharedEndSpace(removed, added) : '';
    push(result, 'removed', removed.slice(0, removed.length - space.length));
    push(result, 'added', added.slice(0, added.length - space.length));
    push(result, 'same', space);
    removed = '';
    added = '';
  };
  parts.forEach((part, index) => {
    const between =
      part.kind === 'same' &&
      isSpace(part.text) &&
      index > 0 &&
      index < parts.length - 1 &&
      parts[index + 1]!.kind !== 'same';
    if (part.kind === 'removed') removed += part.text;
    else if (part.kind === 'added') added += part.text;
    else if (between && (removed !== '' || added !== '')) {
      removed += part.text;
      added += part.text;
    } else {
      flush();
      push(result, 'same', part.text);
    }
  });
  flush();
  return result;
}

/** What changed between two texts, word by word. */
export function diffWords(before: string, after: string): DiffPart[] {
  if (before === after) return before === '' ? [] : [{ kind: 'same', text: before }];
  const a = tokensOf(before);
  const b = tokensOf(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const parts: DiffPart[] = [];
  push(parts, 'same', a.slice(0, start).join(''));
  diffMiddle(a.slice(start, endA), b.slice(start, endB), parts);
  push(parts, 'same', a.slice(endA).join(''));
  return tidy(parts);
}

/** Whether a diff has any change in it. */
export const changed = (parts: readonly DiffPart[]) => parts.some((part) => part.kind !== 'same');

/** Ends a sentence already, so no full stop is added after it. */
const sentenceEnd = /[.!?:;…]$/u;

/**
 * Joins block texts into the text that search indexes and its snippets show.
 * Each block reads as its own sentence ("Nyheter. Ett nytt…"), not run into
 * the next; a block that the next one begins with (a heading "Nyheter" over
 * "Nyheter från din klass") is left out, so a snippet does not stutter.
 */
export function joinBlockTexts(parts: readonly string[]): string {
  const texts = parts.map((part) => part.replace(/\s+/g, ' ').trim()).filter(Boolean);
  const kept = texts.filter((text, index) => {
    const next = texts[index + 1];
    return !next || !startsWithWords(next, text);
  });
  return kept.map((text) => (sentenceEnd.test(text) ? text : `${text}.`)).join(' ');
}

function startsWithWords(text: string, start: string): boolean {
  const lower = text.toLocaleLowerCase('sv');
  const prefix = start.toLocaleLowerCase('sv');
  return (
    lower === prefix ||
    (lower.startsWith(prefix) && /^[\s,.:;!?–-]/u.test(text.slice(start.length)))
  );
}

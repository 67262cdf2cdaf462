import { describe, expect, it } from 'vitest';
import { changed, diffWords, type DiffPart } from './word-diff';

const text = (parts: readonly DiffPart[], kind: DiffPart['kind']) =>
  parts
    .filter((part) => part.kind !== kind)
    .map((part) => part.text)
    .join('');

describe('diffWords', () => {
  it('marks a replaced word as removed, then added, between the shared words', () => {
    expect(diffWords('Skolan har stängt i dag', 'Skolan har öppet i dag')).toEqual([
      { kind: 'same', text: 'Skolan har ' },
      { kind: 'removed', text: 'stängt' },
      { kind: 'added', text: 'öppet' },
      { kind: 'same', text: ' i dag' },
    ]);
  });

  it('joins two replaced words and the space between them into one change', () => {
    expect(diffWords('a b c d', 'a x y d')).toEqual([
      { kind: 'same', text: 'a ' },
      { kind: 'removed', text: 'b c' },
      { kind: 'added', text: 'x y' },
      { kind: 'same', text: ' d' },
    ]);
  });

  it('finds words inserted and removed in several places', () => {
    const parts = diffWords(
      'Utflykten till skogen är på fredag.',
      'Den långa utflykten till skogen är på torsdag.',
    );
    expect(parts.filter((part) => part.kind === 'added').map((part) => part.text)).toEqual([
      'Den långa utflykten',
      'torsdag.',
    ]);
    expect(parts.filter((part) => part.kind === 'removed').map((part) => part.text)).toEqual([
      'Utflykten',
      'fredag.',
    ]);
  });

  it('keeps every character: without the added parts the old text, without the removed the new', () => {
    const before = 'Föräldramöte  i aulan\nklockan 18.00, välkomna!';
    const after = 'Föräldramöte i matsalen\nklockan 18.30, välkomna alla!';
    const parts = diffWords(before, after);
    expect(text(parts, 'added')).toBe(before);
    expect(text(parts, 'removed')).toBe(after);
  });

  it('says nothing changed for equal texts, and all is added to an empty text', () => {
    expect(changed(diffWords('Samma text', 'Samma text'))).toBe(false);
    expect(diffWords('', '')).toEqual([]);
    expect(diffWords('', 'Ny text')).toEqual([{ kind: 'added', text: 'Ny text' }]);
    expect(diffWords('Gammal text', '')).toEqual([{ kind: 'removed', text: 'Gammal text' }]);
  });

  it('shows a very long changed text as removed and added whole, without a huge table', () => {
    const before = Array.from({ length: 3000 }, (_, i) => `a${i}`).join(' ');
    const after = Array.from({ length: 3000 }, (_, i) => `b${i}`).join(' ');
    const parts = diffWords(before, after);
    expect(parts).toEqual([
      { kind: 'removed', text: before },
      { kind: 'added', text: after },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  clipped,
  finishSnippet,
  headlineOptions,
  highlightPieces,
  matchEnd,
  matchStart,
} from './search-highlight';

describe('highlighted pieces', () => {
  it('turns the markers into pieces and never markup', () => {
    expect(highlightPieces(`Till ${matchStart}skolan${matchEnd} <b>i</b> dag`)).toEqual([
      { text: 'Till ', match: false },
      { text: 'skolan', match: true },
      { text: ' <b>i</b> dag', match: false },
    ]);
  });

  it('joins neighbouring pieces of the same kind and drops empty ones', () => {
    expect(
      highlightPieces(`${matchStart}skol${matchEnd}${matchStart}an${matchEnd} x${matchStart}`),
    ).toEqual([
      { text: 'skolan', match: true },
      { text: ' x', match: false },
    ]);
    expect(highlightPieces('')).toEqual([]);
  });

  it('asks ts_headline for the markers', () => {
    expect(headlineOptions(0)).toContain(`StartSel=${matchStart}`);
    expect(headlineOptions(0)).toContain('HighlightAll=true');
    expect(headlineOptions(2)).toContain('MaxFragments=2');
  });
});

describe('the passage shown', () => {
  const excerpt = 'Tisdag åker 3A till museet. Ta med matsäck och bra skor.';

  it('is the whole excerpt when the match was only in the title', () => {
    const pieces = [{ text: 'Tisdag åker 3A till museet. Ta med matsäck', match: false }];
    expect(finishSnippet(pieces, { excerpt, start: excerpt, end: excerpt })).toEqual([
      { text: excerpt, match: false },
    ]);
    expect(finishSnippet([], { excerpt: '', start: '', end: '' })).toEqual([]);
  });

  it('marks with an ellipsis where a passage begins or ends inside the text', () => {
    const text = `${excerpt} Vi samlas på skolgården kl. 8.15 och är tillbaka 14.30.`;
    const middle = highlightPieces(`Ta med matsäck och bra ${matchStart}skor${matchEnd}`);
    expect(finishSnippet(middle, { excerpt, start: text, end: text })).toEqual([
      { text: '… Ta med matsäck och bra ', match: false },
      { text: 'skor', match: true },
      { text: ' …', match: false },
    ]);
    const whole = highlightPieces(`${matchStart}Tisdag${matchEnd} åker 3A till museet`);
    const short = 'Tisdag åker 3A till museet.';
    expect(finishSnippet(whole, { excerpt: short, start: short, end: short })).toEqual([
      { text: 'Tisdag', match: true },
      { text: ' åker 3A till museet', match: false },
    ]);
  });

  it('clips plain text at a word', () => {
    expect(clipped('ett två  tre', 20)).toBe('ett två tre');
    expect(clipped('ett två tre fyra', 9)).toBe('ett två …');
    expect(clipped('x'.repeat(30), 10)).toBe(`${'x'.repeat(10)} …`);
  });
});

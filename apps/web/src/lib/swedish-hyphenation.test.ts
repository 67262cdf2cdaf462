import { describe, expect, it } from 'vitest';
import { hyphenateSwedish, softHyphen } from './swedish-hyphenation';

/** The soft hyphens shown as "-", to read the breaks. */
const shown = (text: string) => hyphenateSwedish(text).replaceAll(softHyphen, '-');

describe('hyphenateSwedish', () => {
  it('breaks the demo tools’ long names between syllables', () => {
    expect(shown('Personalportalen')).toBe('Per-so-nal-por-ta-len');
    expect(shown('Bibliotekskatalog')).toBe('Bib-lio-teks-ka-ta-log');
    expect(shown('Ledighetsansökan')).toBe('Le-dig-het-san-sö-kan');
    expect(shown('Frånvaro')).toBe('Från-va-ro');
    expect(shown('Digitala läromedel')).toBe('Di-gi-ta-la lä-ro-me-del');
  });

  it('keeps sj, tj, stj and ch together before a vowel, and ck and ng after one', () => {
    expect(shown('Skolskjuts')).toBe('Skol-skjuts');
    expect(shown('Matsedel')).toBe('Mat-se-del');
    expect(shown('lärarstjärna')).toBe('lä-rar-stjär-na');
    expect(shown('tackkort')).toBe('tack-kort');
    expect(shown('Ungdomar')).toBe('Ung-do-mar');
  });

  it('lets pl, gr, tr and the like begin the next part after a run of consonants', () => {
    expect(shown('Undervisningsgrupper')).toBe('Un-der-vis-nings-grup-per');
    expect(shown('kursplaner')).toBe('kurs-pla-ner');
    expect(shown('Cykla')).toBe('Cyk-la');
  });

  it('leaves at least two letters on each side, and short words, numbers and hyphens alone', () => {
    expect(shown('Schema')).toBe('Sche-ma');
    expect(shown('Betyg och omdömen')).toBe('Be-tyg och om-dö-men');
    expect(shown('IT-support')).toBe('IT-sup-port');
    expect(shown('Elevens val')).toBe('Ele-vens val');
    expect(shown('Skolverket – kursplaner 2026')).toBe('Skol-ver-ket – kurs-pla-ner 2026');
  });

  it('changes nothing but the break points', () => {
    const name = 'Google Classroom – Personalportalen';
    expect(hyphenateSwedish(name).replaceAll(softHyphen, '')).toBe(name);
  });
});

/**
 * Soft hyphens (U+00AD) at Swedish syllable boundaries, so a long name such as
 * "Personalportalen" breaks as "Personal-portalen" in a narrow tile instead of
 * mid-syllable. CSS `hyphens: auto` would need Chromium's Swedish dictionary,
 * which not every installation has, and a full pattern set would weigh on the
 * start page; this follows the school rule instead: a single consonant between
 * vowels begins the next syllable, of several only the last one does
 * ("Per-so-nal-por-ta-len", "Bib-lio-teks-ka-ta-log"), with sj, tj, kj, skj,
 * stj and ch kept together before a vowel and ck and ng kept after one. A
 * run of three or more consonants is mostly a compound's seam, where pl, gr,
 * tr and the like begin the second part ("kurs-pla-ner", "nings-grupp").
 * At least two letters stay on each side of a break. Compounds are not
 * recognised ("Le-dig-het-san-sö-kan" has no break at "ledighets|ansökan"),
 * so a break can land beside the seam, but never inside a syllable.
 */
export const softHyphen = '\u00ad';

const vowel = /[aeiouyåäöéèüáàæø]/i;
const startsSyllable = ['skj', 'stj', 'sch', 'sj', 'tj', 'kj', 'ch'];
const endsSyllable = ['ck', 'ng'];
/** In a run of three or more consonants, mostly the seam of a compound ("kurs|planer"). */
const compoundOnset = /[pbtdkgf][lr]$/;
const minimumPart = 2;

function breaksIn(word: string): number[] {
  const lower = word.toLocaleLowerCase('sv');
  const breaks: number[] = [];
  let previousVowel = -1;
  for (let index = 0; index < lower.length; index++) {
    if (!vowel.test(lower[index]!)) continue;
    const consonants = lower.slice(previousVowel + 1, index);
    if (previousVowel >= 0 && consonants.length > 0) {
      let at = index - 1;
      const onset =
        startsSyllable.find((cluster) => consonants.endsWith(cluster)) ??
        (consonants.length >= 3 ? compoundOnset.exec(consonants)?.[0] : undefined);
      const coda = endsSyllable.find((cluster) => consonants.endsWith(cluster));
      if (onset) at = index - Math.min(onset.length, consonants.length);
      else if (coda) at = index;
      if (at >= minimumPart && word.length - at >= minimumPart) breaks.push(at);
    }
    previousVowel = index;
  }
  return breaks;
}

/** The text with soft hyphens inside its words; what it reads as is unchanged. */
export function hyphenateSwedish(text: string): string {
  return text.replace(/\p{L}{5,}/gu, (word) => {
    let result = '';
    let from = 0;
    for (const at of breaksIn(word)) {
      result += word.slice(from, at) + softHyphen;
      from = at;
    }
    return result + word.slice(from);
  });
}

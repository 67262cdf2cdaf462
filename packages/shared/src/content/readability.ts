/**
 * LIX (läsbarhetsindex, Björnsson 1968): the words per sentence plus the
 * share of long words (more than six letters) in per cent. Sentences end at
 * a full stop, an exclamation or question mark or a colon, as the measure
 * counts them; a text without one is one sentence.
 */
export interface Readability {
  lix: number;
  words: number;
  sentences: number;
  longWords: number;
}

const wordPattern = /[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*/gu;

export function readability(text: string): Readability | null {
  const words = text.match(wordPattern) ?? [];
  if (words.length === 0) return null;
  // The stretches between sentence ends that hold a word: a last one without a full stop counts.
  const sentences = Math.max(
    1,
    text.split(/[.!?:]+(?=\s|$)/).filter((part) => /[\p{L}\p{N}]/u.test(part)).length,
  );
  const longWords = words.filter((word) => [...word.replace(/[-'’]/g, '')].length > 6).length;
  const lix = words.length / sentences + (longWords * 100) / words.length;
  return { lix: Math.round(lix), words: words.length, sentences, longWords };
}

/** The usual bands: under 25 very easy (children's books) … over 60 very hard (official prose). */
export function readabilityLevel(lix: number) {
  if (lix < 25) return 'veryEasy' as const;
  if (lix < 35) return 'easy' as const;
  if (lix < 45) return 'medium' as const;
  if (lix < 55) return 'hard' as const;
  return 'veryHard' as const;
}

/** What a text for each audience should stay within (shown, not enforced). */
export const readabilityTargets = { guardians: 40, pupils: 35, staff: 50 } as const;
export type ReadabilityAudience = keyof typeof readabilityTargets;

/** Who reads a post aimed at a role category. */
const audienceOfRole: Record<string, ReadabilityAudience> = {
  role_caretaker: 'guardians',
  role_student: 'pupils',
  role_teacher: 'staff',
  role_employee: 'staff',
};

/**
 * The readability target of a post aimed at these role categories (their
 * keys): the strictest of its readers' targets. A post aimed at groups only
 * reaches everyone in them — pupils, their guardians and staff — so it is
 * held to the strictest target of all (decision 0046).
 */
export function readabilityTargetFor(roleKeys: readonly string[]): {
  audience: ReadabilityAudience;
  target: number;
} {
  const named = roleKeys
    .map((key) => audienceOfRole[key])
    .filter((audience): audience is ReadabilityAudience => audience !== undefined);
  const audiences =
    named.length > 0 ? named : (Object.keys(readabilityTargets) as ReadabilityAudience[]);
  const audience = audiences.reduce((strictest, candidate) =>
    readabilityTargets[candidate] < readabilityTargets[strictest] ? candidate : strictest,
  );
  return { audience, target: readabilityTargets[audience] };
}

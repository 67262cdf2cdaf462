/**
 * The languages content can be read in (issue 27). The portal's own frame
 * stays Swedish; what a guardian or pupil must understand — posts and the
 * mails about them — may also exist in these. Each language carries its
 * name in its own script (what a reader looks for in a list), its Swedish
 * name (what an editor sees) and its writing direction.
 */
export type TextDirection = 'ltr' | 'rtl';

export interface ContentLanguage {
  /** A BCP 47 tag: `ar`, `so`, `prs`, `ckb`. */
  code: string;
  /** The language's name in itself, in its own script. */
  endonym: string;
  /** The language's name in Swedish. */
  name: string;
  dir: TextDirection;
}

export { sourceLanguage } from './source-language';

/**
 * Every language the portal knows how to name and lay out. A municipality
 * chooses among them with CONTENT_LANGUAGES; one outside this list would have
 * no name and no direction, so the configuration refuses it.
 */
export const knownLanguages: readonly ContentLanguage[] = [
  { code: 'sv', endonym: 'Svenska', name: 'svenska', dir: 'ltr' },
  { code: 'en', endonym: 'English', name: 'engelska', dir: 'ltr' },
  { code: 'ar', endonym: 'العربية', name: 'arabiska', dir: 'rtl' },
  { code: 'so', endonym: 'Soomaali', name: 'somaliska', dir: 'ltr' },
  { code: 'fa', endonym: 'فارسی', name: 'persiska', dir: 'rtl' },
  { code: 'prs', endonym: 'دری', name: 'dari', dir: 'rtl' },
  { code: 'ti', endonym: 'ትግርኛ', name: 'tigrinska', dir: 'ltr' },
  { code: 'ckb', endonym: 'کوردیی ناوەندی', name: 'kurdiska (sorani)', dir: 'rtl' },
  { code: 'kmr', endonym: 'Kurmancî', name: 'kurdiska (kurmanji)', dir: 'ltr' },
  { code: 'uk', endonym: 'Українська', name: 'ukrainska', dir: 'ltr' },
  { code: 'pl', endonym: 'Polski', name: 'polska', dir: 'ltr' },
  { code: 'bs', endonym: 'Bosanski', name: 'bosniska', dir: 'ltr' },
  { code: 'hr', endonym: 'Hrvatski', name: 'kroatiska', dir: 'ltr' },
  { code: 'sr', endonym: 'Српски', name: 'serbiska', dir: 'ltr' },
  { code: 'es', endonym: 'Español', name: 'spanska', dir: 'ltr' },
  { code: 'tr', endonym: 'Türkçe', name: 'turkiska', dir: 'ltr' },
  { code: 'sq', endonym: 'Shqip', name: 'albanska', dir: 'ltr' },
  { code: 'fi', endonym: 'Suomi', name: 'finska', dir: 'ltr' },
  { code: 'ur', endonym: 'اردو', name: 'urdu', dir: 'rtl' },
  { code: 'ps', endonym: 'پښتو', name: 'pashto', dir: 'rtl' },
  { code: 'am', endonym: 'አማርኛ', name: 'amhariska', dir: 'ltr' },
  { code: 'he', endonym: 'עברית', name: 'hebreiska', dir: 'rtl' },
  { code: 'ru', endonym: 'Русский', name: 'ryska', dir: 'ltr' },
  { code: 'de', endonym: 'Deutsch', name: 'tyska', dir: 'ltr' },
  { code: 'fr', endonym: 'Français', name: 'franska', dir: 'ltr' },
  { code: 'ro', endonym: 'Română', name: 'rumänska', dir: 'ltr' },
  { code: 'th', endonym: 'ไทย', name: 'thailändska', dir: 'ltr' },
  { code: 'vi', endonym: 'Tiếng Việt', name: 'vietnamesiska', dir: 'ltr' },
  { code: 'zh', endonym: '中文', name: 'kinesiska', dir: 'ltr' },
  { code: 'sw', endonym: 'Kiswahili', name: 'swahili', dir: 'ltr' },
  { code: 'ku', endonym: 'Kurdî', name: 'kurdiska', dir: 'ltr' },
];

/**
 * The default of CONTENT_LANGUAGES: Swedish and the mother tongues most
 * common among Sweden's compulsory-school pupils, with English.
 */
export const defaultContentLanguageCodes: readonly string[] = [
  'sv',
  'en',
  'ar',
  'so',
  'fa',
  'prs',
  'ti',
  'ckb',
  'kmr',
  'uk',
  'pl',
  'bs',
  'hr',
  'sr',
  'es',
  'tr',
  'sq',
  'fi',
];

/**
 * The shape of a BCP 47 language tag as the portal stores one: a primary
 * language of two or three letters, then optional script, region or variant
 * subtags (`fa-AF`, `sr-Latn`). The database checks the same shape.
 */
export const languageTagPattern = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/;

const byCode = new Map(knownLanguages.map((language) => [language.code, language]));

export function knownLanguage(code: string): ContentLanguage | undefined {
  return byCode.get(code);
}

/** The writing direction of a language; an unknown one is read left to right. */
export function languageDir(code: string): TextDirection {
  return byCode.get(code)?.dir ?? 'ltr';
}

import { blockTree, type Block } from '../blocks/blocks';
import { limits } from '../constants';
import { languageTagPattern } from '../content/languages';
import { sv } from '../texts/sv';
import { requiredText } from './common';
import { z } from './zod-sv';

const t = sv.translations;

/** A BCP 47 tag as the portal stores one; whether it is one of the portal's languages is the server's to say. */
export const languageCode = z.string().max(35).regex(languageTagPattern, t.errors.unknownLanguage);

export const contentLanguage = z.object({
  code: z.string(),
  /** The language's name in its own script. */
  endonym: z.string(),
  /** The language's name in Swedish. */
  name: z.string(),
  dir: z.enum(['ltr', 'rtl']),
});
export type ContentLanguageResponse = z.infer<typeof contentLanguage>;

/** GET /translation/languages: what readers may choose and whether machine translation is on. */
export const translationLanguagesResponse = z.object({
  /** The language every post is written in: `sv`. */
  sourceLanguage: z.string(),
  /** The portal's languages (CONTENT_LANGUAGES), the source language first. */
  languages: z.array(contentLanguage),
  /** A translation provider is configured: editors may fill from it, readers may ask for one. */
  machineTranslation: z.boolean(),
});
export type TranslationLanguages = z.infer<typeof translationLanguagesResponse>;

/**
 * What every post answer says about the language it is given in: the reader's
 * own when a translation exists, else Swedish (`sv`, `ltr`, false, false).
 */
export const readingLanguageFields = {
  language: z.string(),
  dir: z.enum(['ltr', 'rtl']),
  /** Made by the translation provider, not by a person ("Maskinöversatt"). */
  machineTranslated: z.boolean(),
  /** The Swedish original has changed since the translation was made. */
  outdated: z.boolean(),
};

/**
 * `language` on a post read: the language to give it in (`sv` for the
 * original); left out, the reader's own language.
 */
export const readingLanguageQuery = z.strictObject({ language: languageCode.optional() });

/** `/post/{id}/translation/{lang}`: a post (id or slug) and a language. */
export const translationParams = z.strictObject({
  id: z
    .string()
    .min(1)
    .max(limits.postTitleMax + 20),
  lang: languageCode,
});

/**
 * PUT /post/{id}/translation/{lang}: the translated title, excerpt and block
 * tree. The tree has the original's blocks (ids, types, order); only their
 * texts differ, and everything else is taken from the original. The HTML is
 * sanitised exactly as the post's own. `machineTranslated` keeps the label
 * when an editor saves a machine draft as it came.
 */
export const translationInput = z.strictObject({
  title: requiredText(limits.postTitleMax),
  excerpt: z
    .string()
    .trim()
    .max(limits.postExcerptMax)
    .nullish()
    .transform((value) => value ?? ''),
  content: blockTree.default([]),
  machineTranslated: z.boolean().default(false),
});
export type TranslationInput = z.input<typeof translationInput>;
export type TranslationValues = z.output<typeof translationInput>;

const person = z.object({ id: z.number(), name: z.string() }).nullable();

/** One language of a post's translations, as the editor's panel lists them. */
export const translationState = z.object({
  language: z.string(),
  endonym: z.string(),
  name: z.string(),
  dir: z.enum(['ltr', 'rtl']),
  state: z.enum(['current', 'outdated']),
  machineTranslated: z.boolean(),
  /** Who saved it last; null for one a reader asked the provider for. */
  updatedBy: person,
  updated: z.string(),
});
export type TranslationState = z.infer<typeof translationState>;

/** GET /post/{id}/translation. */
export const translationListResponse = z.object({
  postId: z.number(),
  translations: z.array(translationState),
  can: z.object({
    /** Add, change and remove translations (the post's edit rule). */
    edit: z.boolean(),
    /** Fill one from the provider (edit, and machine translation is on). */
    machine: z.boolean(),
  }),
});
export type TranslationList = z.infer<typeof translationListResponse>;

/** GET|PUT /post/{id}/translation/{lang}: one translation in full, for the editor. */
export const translationResponse = translationState.extend({
  postId: z.number(),
  title: z.string(),
  excerpt: z.string(),
  content: z.array(z.custom<Block>()),
});
export type TranslationResponse = z.infer<typeof translationResponse>;

/** POST /post/{id}/translation/{lang}/machine: the provider's draft, not saved. */
export const machineDraftResponse = z.object({
  postId: z.number(),
  language: z.string(),
  dir: z.enum(['ltr', 'rtl']),
  title: z.string(),
  excerpt: z.string(),
  content: z.array(z.custom<Block>()),
  machineTranslated: z.literal(true),
});
export type MachineDraft = z.infer<typeof machineDraftResponse>;

export const translationDeleteResponse = z.object({
  postId: z.number(),
  language: z.string(),
  deleted: z.literal(true),
});

/** GET /post/{id}/audience-languages: what the post's guardians and pupils read. */
export const audienceLanguagesResponse = z.object({
  postId: z.number(),
  /** Guardians and pupils the post reaches. */
  total: z.number(),
  languages: z.array(
    contentLanguage.extend({
      count: z.number(),
      /** Whether the post has a translation into it, and how it stands. */
      translation: z.enum(['none', 'current', 'outdated', 'source']),
    }),
  ),
});
export type AudienceLanguages = z.infer<typeof audienceLanguagesResponse>;

/**
 * PUT /user/language: the reader's language for content. Without a language
 * the question is only put away (a guardian is asked once) and the language
 * stays as it was.
 */
export const ownLanguageRequest = z.strictObject({
  preferredLanguage: languageCode.optional(),
});
export type OwnLanguageRequest = z.input<typeof ownLanguageRequest>;

export const ownLanguageResponse = z.object({
  preferredLanguage: z.string(),
  languageAsked: z.boolean(),
});

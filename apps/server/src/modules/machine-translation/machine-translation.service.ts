import { format, sourceLanguage, sv, type MachineDraft } from '@skolportalen/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Actor } from '../../identity/actor';
import { authorize } from '../../identity/authorize';
import { AppError } from '../../http/errors';
import { recordAudit } from '../audit/audit.repo';
import { htmlSanitizer } from '../posts/post-content';
import { accessFacts } from '../posts/post-present';
import { postsPolicy } from '../posts/posts.policy';
import type { DetailedPostRow } from '../posts/posts.repo';
import type { ContentLanguages } from '../translations/content-languages';
import { sourceHashOf } from '../translations/translation-texts';
import {
  findTranslation,
  insertTranslationIfAbsent,
  findOriginal,
  upsertTranslation,
} from '../translations/translations.repo';
import { segmentsOf, type PostTexts } from './machine-texts';
import { budgetDay, releaseCharacters, reserveCharacters } from './translation-budget';
import { TranslationProviderError, type TranslationProvider } from './translation-provider';

const e = sv.translations.errors;

export interface MachineContext {
  db: Database;
  siteOrigin: string;
  languages: ContentLanguages;
  /** Null when no provider is configured (TRANSLATION_URL): machine translation is off. */
  provider: TranslationProvider | null;
  dailyCharacters: number;
  now: () => Date;
  log: FastifyBaseLogger;
}

function providerOrThrow(ctx: MachineContext): TranslationProvider {
  if (!ctx.provider) throw new AppError(409, 'MACHINE_TRANSLATION_OFF', e.machineOff);
  return ctx.provider;
}

/**
 * The post's texts translated by the provider, within the day's budget,
 * sanitised as an editor's would be. Refusals carry a Swedish message: the
 * budget spent or the provider busy (429), the provider failing (502).
 */
export async function machineTranslate(
  ctx: MachineContext,
  post: PostTexts,
  to: string,
): Promise<{ title: string; excerpt: string; content: DetailedPostRow['content'] }> {
  const provider = providerOrThrow(ctx);
  const segments = segmentsOf(post, await htmlSanitizer(ctx.siteOrigin));
  const day = budgetDay(ctx.now());
  if (!(await reserveCharacters(ctx.db, day, segments.characters, ctx.dailyCharacters))) {
    throw new AppError(429, 'TRANSLATION_BUDGET_SPENT', e.budgetSpent);
  }
  let answers: string[];
  try {
    answers = await provider.translate(segments.html, sourceLanguage, to);
  } catch (error) {
    await releaseCharacters(ctx.db, day, segments.characters);
    if (!(error instanceof TranslationProviderError)) throw error;
    ctx.log.warn({ failure: error.failure, error: error.message }, 'translation provider refused');
    if (error.failure === 'busy')
      throw new AppError(429, 'TRANSLATION_PROVIDER_BUSY', e.providerBusy);
    if (error.failure === 'language') {
      throw new AppError(
        502,
        'TRANSLATION_LANGUAGE_UNSUPPORTED',
        format(e.providerLanguage, { language: ctx.languages.nameOf(to) }),
      );
    }
    throw new AppError(502, 'TRANSLATION_PROVIDER_FAILED', e.providerFailed);
  }
  return segments.build(answers);
}

const originalOf = (post: DetailedPostRow): PostTexts => ({
  title: post.post.title,
  excerpt: post.post.excerpt,
  content: post.content,
});

/**
 * POST /post/{id}/translation/{lang}/machine: a draft for the editor to
 * correct and save (PUT, with `machineTranslated` if saved as it came).
 * Nothing is stored; only the budget is spent.
 */
export async function machineDraft(
  ctx: MachineContext,
  actor: Actor,
  post: DetailedPostRow,
  code: string,
): Promise<MachineDraft> {
  authorize(actor.user, postsPolicy.edit, accessFacts(post));
  const language = ctx.languages.targetOrThrow(code);
  providerOrThrow(ctx);
  const translated = await machineTranslate(ctx, originalOf(post), language.code);
  return {
    postId: post.post.id,
    language: language.code,
    dir: language.dir,
    ...translated,
    machineTranslated: true,
  };
}

/**
 * A machine translation of the post into `code`, kept for every reader: made
 * when there is none, or when the one there is was machine-made and the
 * original has changed since. A person's translation is never replaced.
 */
export async function ensureMachineTranslation(
  ctx: MachineContext,
  postId: number,
  code: string,
  actor: Actor | null,
): Promise<void> {
  const original = await findOriginal(ctx.db, postId);
  if (!original) return;
  const hash = sourceHashOf(original);
  const existing = await findTranslation(ctx.db, postId, code);
  if (existing && (!existing.machineTranslated || existing.sourceHash === hash)) return;
  const translated = await machineTranslate(ctx, original, code);
  await ctx.db.transaction(async (tx) => {
    const values = {
      postId,
      language: code,
      ...translated,
      sourceHash: hash,
      machineTranslated: true,
      updatedBy: null,
    };
    // A person may have saved one meanwhile: theirs stays.
    const current = await findTranslation(tx, postId, code);
    if (current && !current.machineTranslated) return;
    if (current) await upsertTranslation(tx, values);
    else await insertTranslationIfAbsent(tx, values);
    await recordAudit(tx, {
      actorUserId: actor?.user.id ?? null,
      realUserId: actor?.realUserId ?? null,
      action: 'post.translation-machine',
      entityType: 'post',
      entityId: postId,
      after: { language: code, machineTranslated: true },
      requestId: actor?.requestId,
    });
  });
}

/** POST /post/{id}/translation/{lang}/request: a reader asks for the post in their language. */
export async function requestTranslation(
  ctx: MachineContext,
  actor: Actor,
  post: DetailedPostRow,
  code: string,
) {
  const language = ctx.languages.targetOrThrow(code);
  providerOrThrow(ctx);
  await ensureMachineTranslation(ctx, post.post.id, language.code, actor);
  return language.code;
}

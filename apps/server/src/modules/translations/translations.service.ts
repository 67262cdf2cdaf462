import {
  protectedIdentityName,
  type TranslationList,
  type TranslationResponse,
  type TranslationState,
  type TranslationValues,
} from '@skolportalen/shared';
import type { Database, Executor } from '../../db/client';
import type { Actor } from '../../identity/actor';
import type { AuthUser } from '../../identity/auth-user.repo';
import { authorize, can } from '../../identity/authorize';
import { identityScopeOf } from '../../identity/protected-identity';
import { shownNamesOf } from '../../identity/shown-names';
import { fullName } from '../../identity/auth-user.repo';
import { recordAudit } from '../audit/audit.repo';
import { accessFacts } from '../posts/post-present';
import { postsPolicy } from '../posts/posts.policy';
import type { DetailedPostRow } from '../posts/posts.repo';
import type { ContentLanguages } from './content-languages';
import { sourceHashOf, storableTranslation } from './translation-texts';
import {
  deleteTranslation,
  findTranslation,
  lockOriginal,
  translationEditor,
  translationsOfPost,
  upsertTranslation,
  type TranslationListRow,
  type TranslationRow,
} from './translations.repo';

/** What the translation services need besides the request. */
export interface TranslationsContext {
  db: Database;
  siteOrigin: string;
  languages: ContentLanguages;
  /** Whether a translation provider is configured. */
  machineOn: boolean;
}

type Editor = TranslationListRow['editor'];

async function editorNames(db: Executor, user: AuthUser, editors: Editor[]) {
  const marked = editors.flatMap((editor) => (editor?.marked ? [editor.id] : []));
  if (marked.length === 0) return new Map<number, string>();
  return shownNamesOf(db, await identityScopeOf(db, user), marked);
}

function stateOf(
  ctx: TranslationsContext,
  translation: Omit<TranslationRow, 'content'>,
  currentHash: string,
  editor: Editor,
  names: Map<number, string>,
): TranslationState {
  const language = ctx.languages.find(translation.language);
  return {
    language: translation.language,
    endonym: language?.endonym ?? translation.language,
    name: language?.name ?? translation.language,
    dir: language?.dir ?? 'ltr',
    state: translation.sourceHash === currentHash ? 'current' : 'outdated',
    machineTranslated: translation.machineTranslated,
    updatedBy: editor && {
      id: editor.id,
      name: editor.marked ? (names.get(editor.id) ?? protectedIdentityName) : fullName(editor),
    },
    updated: translation.updatedAt.toISOString(),
  };
}

const originalOf = (post: DetailedPostRow) => ({
  title: post.post.title,
  excerpt: post.post.excerpt,
  content: post.content,
});

/** GET /post/{id}/translation: the editor's list, each language current or outdated. */
export async function listTranslations(
  ctx: TranslationsContext,
  user: AuthUser,
  post: DetailedPostRow,
): Promise<TranslationList> {
  authorize(user, postsPolicy.edit, accessFacts(post));
  const rows = await translationsOfPost(ctx.db, post.post.id);
  const names = await editorNames(
    ctx.db,
    user,
    rows.map((row) => row.editor),
  );
  const hash = sourceHashOf(originalOf(post));
  return {
    postId: post.post.id,
    translations: rows.map((row) => stateOf(ctx, row.translation, hash, row.editor, names)),
    can: {
      edit: can(user, postsPolicy.edit, accessFacts(post)),
      machine: ctx.machineOn && can(user, postsPolicy.edit, accessFacts(post)),
    },
  };
}

async function presentTranslation(
  ctx: TranslationsContext,
  db: Executor,
  user: AuthUser,
  row: TranslationRow,
  currentHash: string,
): Promise<TranslationResponse> {
  const person = row.updatedBy ? await translationEditor(db, row.updatedBy) : null;
  const names = await editorNames(db, user, [person]);
  return {
    ...stateOf(ctx, row, currentHash, person, names),
    postId: row.postId,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
  };
}

/** GET /post/{id}/translation/{lang}: one translation in full, for the editor. */
export async function getTranslation(
  ctx: TranslationsContext,
  user: AuthUser,
  post: DetailedPostRow,
  code: string,
): Promise<TranslationResponse> {
  authorize(user, postsPolicy.edit, accessFacts(post));
  const language = ctx.languages.targetOrThrow(code);
  const row = await findTranslation(ctx.db, post.post.id, language.code);
  if (!row) throw ctx.languages.notFound(language.code);
  return presentTranslation(ctx, ctx.db, user, row, sourceHashOf(originalOf(post)));
}

/**
 * PUT /post/{id}/translation/{lang}: adds or replaces a translation, made
 * from the original as it now is (so current until the original changes),
 * in one audited transaction.
 */
export async function saveTranslation(
  ctx: TranslationsContext,
  actor: Actor,
  post: DetailedPostRow,
  code: string,
  values: TranslationValues,
): Promise<TranslationResponse> {
  authorize(actor.user, postsPolicy.edit, accessFacts(post));
  const language = ctx.languages.targetOrThrow(code);
  return ctx.db.transaction(async (tx) => {
    const original = await lockOriginal(tx, post.post.id);
    if (!original) throw ctx.languages.notFound(language.code);
    const content = await storableTranslation(original, values, ctx.siteOrigin);
    const before = await findTranslation(tx, original.id, language.code);
    const hash = sourceHashOf(original);
    const row = await upsertTranslation(tx, {
      postId: original.id,
      language: language.code,
      title: values.title,
      excerpt: values.excerpt,
      content,
      sourceHash: hash,
      machineTranslated: values.machineTranslated,
      updatedBy: actor.user.id,
    });
    await recordAudit(tx, {
      actorUserId: actor.user.id,
      realUserId: actor.realUserId,
      action: 'post.translation-saved',
      entityType: 'post',
      entityId: original.id,
      before: before
        ? {
            language: before.language,
            title: before.title,
            machineTranslated: before.machineTranslated,
          }
        : null,
      after: { language: row.language, title: row.title, machineTranslated: row.machineTranslated },
      requestId: actor.requestId,
    });
    return presentTranslation(ctx, tx, actor.user, row, hash);
  });
}

/** DELETE /post/{id}/translation/{lang}. */
export async function removeTranslation(
  ctx: TranslationsContext,
  actor: Actor,
  post: DetailedPostRow,
  code: string,
) {
  authorize(actor.user, postsPolicy.edit, accessFacts(post));
  const language = ctx.languages.targetOrThrow(code);
  await ctx.db.transaction(async (tx) => {
    const before = await findTranslation(tx, post.post.id, language.code);
    if (!before || !(await deleteTranslation(tx, post.post.id, language.code))) {
      throw ctx.languages.notFound(language.code);
    }
    await recordAudit(tx, {
      actorUserId: actor.user.id,
      realUserId: actor.realUserId,
      action: 'post.translation-removed',
      entityType: 'post',
      entityId: post.post.id,
      before: { language: before.language, title: before.title },
      after: null,
      requestId: actor.requestId,
    });
  });
  return { postId: post.post.id, language: language.code, deleted: true as const };
}

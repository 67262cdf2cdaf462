import {
  postUrl,
  sv,
  urlPrefixByType,
  type AcknowledgementLinkView,
  type Block,
  type PostListItem,
} from '@skolportalen/shared';
import type { Database } from '../../db/client';
import { AppError, errors } from '../../http/errors';
import type { Actor } from '../../identity/actor';
import { loadAuthUser, type AuthUser } from '../../identity/auth-user.repo';
import { authorize } from '../../identity/authorize';
import { loadPostAudience } from '../audience/audience.repo';
import type { PostViewer } from '../audience/post-visibility';
import { recordAudit } from '../audit/audit.repo';
import { acknowledgePost } from '../acknowledgements/acknowledgements.service';
import {
  childNamesOf,
  myAcknowledgementOf,
  readerPostStates,
} from '../posts/post-acknowledgement-state';
import { originalLanguageFields, type PostLanguage } from '../posts/post-language';
import { accessFacts } from '../posts/post-present';
import { postsPolicy } from '../posts/posts.policy';
import { findVisiblePost, type DetailedPostRow } from '../posts/posts.repo';
import { findLink, revokeLinks } from './acknowledgement-links.repo';

const ended = sv.acknowledgementLinks.ended;

export interface LinkContext {
  db: Database;
  /** The notice in its reader's language (issue 27); without it, Swedish. */
  reading?: PostLanguage;
  now: () => Date;
}

const linkErrors = {
  unknown: () => errors.notFound(ended.unknown.title),
  expired: () => new AppError(410, 'LINK_EXPIRED', ended.expired.title),
  revoked: () => new AppError(410, 'LINK_REVOKED', ended.revoked.title),
};

/** Blocks that show a signed-in reader's own data (their tools): left for the portal. */
const signedInBlocks = new Set<Block['type']>(['tool']);

function publicBlocks(tree: readonly Block[]): { content: Block[]; left: boolean } {
  let left = false;
  const walk = (nodes: readonly Block[]): Block[] =>
    nodes.flatMap((node): Block[] => {
      if (signedInBlocks.has(node.type)) {
        left = true;
        return [];
      }
      return [{ ...node, children: walk(node.children) } as Block];
    });
  return { content: walk(tree), left };
}

interface OpenLink {
  user: AuthUser;
  viewer: PostViewer;
  row: DetailedPostRow;
  expiresAt: Date;
}

/**
 * What a link opens, or the refusal the page shows: unknown (404), expired
 * or revoked (410), the reader's account disabled (403). A link also ends
 * for good once its post no longer asks the reader — taken down, no longer
 * must-read, or no longer reaching them.
 */
async function openLink(ctx: LinkContext, secret: string, now: Date): Promise<OpenLink> {
  const link = await findLink(ctx.db, secret);
  if (!link) throw linkErrors.unknown();
  if (link.revokedAt) throw linkErrors.revoked();
  if (link.expiresAt.getTime() <= now.getTime()) throw linkErrors.expired();
  const user = await loadAuthUser(ctx.db, link.userId);
  if (!user) throw linkErrors.unknown();
  if (user.disabled) throw errors.accountDisabled();
  // Only what the reader may read themselves; post_list_all lifts nothing through a link.
  const viewer: PostViewer = {
    audience: await loadPostAudience(ctx.db, user.id),
    listAll: false,
  };
  const row = await findVisiblePost(ctx.db, viewer, String(link.postId));
  if (!row || !row.post.requiresAcknowledgement || row.post.status !== 'publish') {
    throw linkErrors.revoked();
  }
  return { user, viewer, row, expiresAt: link.expiresAt };
}

/**
 * GET /acknowledgement-link/{token}: the notice and what it asks of the
 * reader (per child for a guardian). Writes nothing, not even that the post
 * was opened: mail programs open links to check them.
 */
export async function viewLink(ctx: LinkContext, secret: string): Promise<AcknowledgementLinkView> {
  const now = ctx.now();
  const { user, viewer, row, expiresAt } = await openLink(ctx, secret, now);
  const { post } = row;
  const states = await readerPostStates(ctx.db, viewer.audience, [post.id]);
  const names = await childNamesOf(ctx.db, user, states.values());
  const asked = myAcknowledgementOf(states.get(post.id), { userId: user.id, now }, names);
  if (!asked) throw linkErrors.revoked();
  const { content, left } = publicBlocks(row.content);
  const notice = {
    id: post.id,
    type: post.type,
    title: post.title,
    excerpt: post.excerpt,
    publishedDate: post.publishedDate?.toISOString() ?? null,
    url: postUrl(post.type, post.slug, urlPrefixByType),
    content,
    moreInPortal: left,
    ...originalLanguageFields,
  };
  const shown = await inReadersLanguage(ctx, user, notice);
  return {
    post: {
      ...shown,
      original:
        shown.language === originalLanguageFields.language
          ? null
          : { title: notice.title, excerpt: notice.excerpt, content: notice.content },
    },
    reader: { firstName: user.firstName },
    acknowledgeBy: post.acknowledgeBy?.toISOString() ?? null,
    acknowledgement: post.acknowledgement,
    myAcknowledgement: asked,
    expiresAt: expiresAt.toISOString(),
  };
}

/** The notice laid over with its translation into the reader's language, where one exists. */
async function inReadersLanguage<
  Notice extends { id: number; title: string; excerpt: string | null; content: Block[] },
>(ctx: LinkContext, user: AuthUser, notice: Notice): Promise<Notice> {
  if (!ctx.reading) return notice;
  const code = ctx.reading.readingLanguage(user, undefined);
  // localise reads only the id and the texts a list item and a post share.
  const [shown] = await ctx.reading.localise(ctx.db, [notice as unknown as PostListItem], code);
  return shown as unknown as Notice;
}

/**
 * POST /acknowledgement-link/{token}: the reader confirms through the link,
 * by the same rules and the same recording as in the portal (once however
 * often sent, audited as post.acknowledge with the reader as actor), via
 * 'email-link'.
 */
export async function confirmByLink(
  ctx: LinkContext,
  secret: string,
  childIds: readonly number[] | undefined,
  requestId: string,
) {
  const { user, viewer, row } = await openLink(ctx, secret, ctx.now());
  const actor: Actor = { user, realUserId: null, requestId };
  return acknowledgePost(ctx, actor, viewer, String(row.post.id), childIds, 'email-link');
}

/**
 * POST /post/{id}/acknowledgement-links/revoke: the post's editors withdraw
 * its links still valid — every reader's, or those named. The notice still
 * asks; the readers confirm in the portal, and a reminder brings a new link.
 */
export async function revokePostLinks(
  ctx: LinkContext,
  actor: Actor,
  viewer: PostViewer,
  key: string,
  userIds: readonly number[] | undefined,
) {
  return ctx.db.transaction(async (tx) => {
    const row = await findVisiblePost(tx, viewer, key);
    if (!row) throw errors.notFound();
    authorize(actor.user, postsPolicy.edit, accessFacts(row));
    if (!row.post.requiresAcknowledgement) {
      throw new AppError(409, 'NOT_MUST_READ', sv.acknowledgements.errors.notMustRead);
    }
    const revoked = await revokeLinks(tx, row.post.id, userIds, ctx.now());
    await recordAudit(tx, {
      actorUserId: actor.user.id,
      realUserId: actor.realUserId,
      action: 'post.acknowledgement-links.revoke',
      entityType: 'post',
      entityId: row.post.id,
      after: { userIds: userIds ?? 'all', revoked },
      requestId: actor.requestId,
    });
    return { revoked };
  });
}

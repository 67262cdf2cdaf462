import {
  postUrl,
  protectedIdentityName,
  urlPrefixByType,
  type PostListItem,
  type PostMedia,
  type PostOwnership,
  type PostResponse,
} from '@skolportalen/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import type { AuthUser } from '../../identity/auth-user.repo';
import { identityScopeOf, protectedShownAmong } from '../../identity/protected-identity';
import { shownNamesOf } from '../../identity/shown-names';
import { readStatistics } from './post-writes.repo';
import { can } from '../../identity/authorize';
import {
  childNamesOf,
  myAcknowledgementOf,
  postsReachingOwnSchools,
  reachedChildrenOf,
  readerPostStates,
  type AcknowledgementReader,
  type ReaderPostState,
} from './post-acknowledgement-state';
import { postPermissions, postsPolicy, type PostAccessFacts } from './posts.policy';
import { presentRenditions } from '../media/media.repo';
import type { DetailedPostRow, ListedPostRow, PostMediaRow } from './posts.repo';
import { originalLanguageFields } from './post-language';

const iso = (value: Date | string | null | undefined) =>
  value === null || value === undefined ? null : new Date(value).toISOString();

export function accessFacts(row: ListedPostRow): PostAccessFacts {
  return {
    type: row.post.type,
    status: row.post.status,
    authorId: row.post.authorId,
    editorIds: row.editorIds,
  };
}

/** What the page's must-read posts ask of the reader and who may read their report. */
interface MustReadContext {
  reader: AcknowledgementReader | undefined;
  states: Map<number, ReaderPostState>;
  childNames: Map<number, string>;
  /** Must-read posts reaching a school unit of the (rektor) viewer. */
  ownSchoolPosts: Set<number>;
}

/** A library item of a post: what the reader needs to show it, nothing of the library's own. */
function presentPostMedia(row: PostMediaRow): PostMedia {
  return {
    id: row.id,
    filename: row.filename,
    title: row.title,
    alt: row.alt,
    width: row.width,
    height: row.height,
    renditions: presentRenditions(row.renditions),
  };
}

/**
 * What of a post's list item every reader is shown, from the row's shared
 * part alone (every field but those of `PostReaderPart`): the same for all
 * readers of the same row.
 */
export function presentSharedPart(row: ListedPostRow): Omit<PostListItem, keyof PostReaderPart> {
  const { post } = row;
  return {
    id: post.id,
    type: post.type,
    title: post.title,
    excerpt: post.excerpt,
    slug: post.slug,
    url: postUrl(post.type, post.slug, urlPrefixByType),
    status: post.status,
    order: post.order,
    orderPostBeforeId: post.orderPostBeforeId,
    parentId: post.parentId,
    authorId: post.authorId,
    pseudoAuthor: post.pseudoAuthor,
    allowComments: post.allowComments,
    publishedDate: iso(post.publishedDate),
    unpublishedDate: iso(post.unpublishedDate),
    authoredDate: iso(post.authoredDate),
    sendNotification: post.sendNotification,
    blurbs: post.blurbs,
    info: post.info,
    contact: post.contact ?? null,
    mediaId: post.mediaId,
    media: row.media && presentPostMedia(row.media),
    mediaIds: row.medias.map((item) => item.id),
    medias: row.medias.map(presentPostMedia),
    userIds: row.userIds,
    categoryIds: row.categoryIds,
    nodeIds: row.nodeIds,
    courseNodeIds: (post.courseNodeIds ?? []).map(Number),
    editorIds: row.editorIds,
    pagePlacement: post.pagePlacement,
    courseDate: post.courseDate ?? null,
    course: post.course ?? null,
    created: iso(post.createdAt)!,
    updated: iso(post.updatedAt)!,
    requiresAcknowledgement: post.requiresAcknowledgement,
    acknowledgeBy: iso(post.acknowledgeBy),
    acknowledgement: post.acknowledgement,
    reminderHoursBefore: (post.reminderHoursBefore ?? []).map(Number),
    ...originalLanguageFields,
  };
}

/**
 * What of a post's list item depends on who reads it: a protected author's
 * name, their read and like, the counts (the likes' count is read with the
 * reader's part, post-texts.ts), what a must-read post asks of them, and
 * their rights.
 */
export type PostReaderPart = Pick<
  PostListItem,
  | 'author'
  | 'isRead'
  | 'likes'
  | 'commentCount'
  | 'readCount'
  | 'targetCount'
  | 'myAcknowledgement'
  | 'reachedChildren'
  | 'can'
>;

/** What a page's posts need to present each one's reader part. */
export interface ReaderContext {
  user: AuthUser;
  stats: Map<number, { readCount: number; targetCount: number }>;
  protectedAuthors: Map<number, string>;
  mustRead: MustReadContext;
}

export function presentReaderPart(row: ListedPostRow, context: ReaderContext): PostReaderPart {
  const { post } = row;
  const { user, mustRead, protectedAuthors } = context;
  const facts = accessFacts(row);
  const state = mustRead.states.get(post.id);
  const stats = context.stats.get(post.id);
  const { reader } = mustRead;
  return {
    author: row.author && {
      id: row.author.id,
      name: row.author.marked
        ? (protectedAuthors.get(row.author.id) ?? protectedIdentityName)
        : row.author.name,
    },
    isRead: row.isRead,
    likes: { count: row.likeCount, liked: row.likeId !== null, likeId: row.likeId },
    commentCount: row.commentCount,
    readCount: stats?.readCount ?? null,
    targetCount: stats?.targetCount ?? null,
    myAcknowledgement: reader
      ? myAcknowledgementOf(
          state,
          { userId: reader.audience.userId, now: reader.now },
          mustRead.childNames,
        )
      : null,
    reachedChildren: reachedChildrenOf(state, mustRead.childNames),
    can: postPermissions(
      user,
      facts,
      post.requiresAcknowledgement
        ? { ...facts, reachesOwnSchool: mustRead.ownSchoolPosts.has(post.id) }
        : null,
    ),
  };
}

/**
 * What the page's posts ask of the reader (decision 0040). A reader without
 * children pays only for must-read posts on the page, and a page without
 * them costs nothing; a guardian's page is read once more for the children
 * each post reached.
 */
async function mustReadContext(
  db: Executor,
  user: AuthUser,
  rows: readonly ListedPostRow[],
  reader: AcknowledgementReader | undefined,
): Promise<MustReadContext> {
  const mustReadIds = rows
    .filter((row) => row.post.requiresAcknowledgement)
    .map((row) => row.post.id);
  const guardian = Boolean(reader?.audience.children.length);
  const asked = guardian ? rows.map((row) => row.post.id) : mustReadIds;
  // A guardian's children are named as the guardian may see them: who that is goes to the
  // database in the same statement as what the posts ask.
  if (guardian && asked.length > 0) void identityScopeOf(db, user).catch(() => undefined);
  const states = reader ? await readerPostStates(db, reader.audience, asked) : new Map();
  const childNames = await childNamesOf(db, user, states.values());
  // A rektor reads the report of a post reaching her school; others' right follows the post alone.
  const rektorAsks = mustReadIds.filter(
    (id) =>
      !rows.some((row) => row.post.id === id && can(user, postsPolicy.edit, accessFacts(row))),
  );
  const ownSchoolPosts =
    user.isSchoolResponsible && !user.isAdmin && rektorAsks.length > 0
      ? await postsReachingOwnSchools(db, user.id, rektorAsks)
      : new Set<number>();
  return { reader, states, childNames, ownSchoolPosts };
}

/**
 * Authors with a protected identity, named as the reader may see them
 * (decision 0039); one left out reads "Skyddad identitet". Read apart from
 * the page's statement, which is prepared once for every reader; only pages
 * with such an author pay for it, and only a reader who may see one of them
 * (themselves, a relative, a holder of the right) asks for names.
 */
async function protectedAuthorNames(
  db: Executor,
  user: AuthUser,
  rows: readonly ListedPostRow[],
): Promise<Map<number, string>> {
  const ids = rows.flatMap((row) => (row.author?.marked ? [row.author.id] : []));
  if (ids.length === 0) return new Map();
  const scope = await identityScopeOf(db, user);
  const asked = protectedShownAmong(scope, ids) ?? ids;
  return asked.length === 0 ? new Map() : shownNamesOf(db, scope, asked);
}

/**
 * List items with their `can` flags; those the viewer may edit also get how
 * many of their targeted readers have read them (one query for the page).
 */
export async function presentPosts(
  db: Executor,
  user: AuthUser,
  rows: readonly ListedPostRow[],
  /** The signed-in reader, for what must-read posts ask of them; left out where none can be (courses). */
  reader?: AcknowledgementReader,
): Promise<PostListItem[]> {
  const context = await readerContext(db, user, rows, reader);
  // In the schema's order when serialised: the response schema writes its fields in its own.
  return rows.map((row) => ({ ...presentSharedPart(row), ...presentReaderPart(row, context) }));
}

/**
 * What the page's posts ask of the reader, in as few statements as the page
 * allows; editable posts also get how many of their targeted readers have
 * read them (one query for the page).
 */
export async function readerContext(
  db: Executor,
  user: AuthUser,
  rows: readonly ListedPostRow[],
  reader?: AcknowledgementReader,
): Promise<ReaderContext> {
  const editable = rows.filter((row) => can(user, postsPolicy.edit, accessFacts(row)));
  const stats = await readStatistics(
    db,
    editable.map((row) => row.post.id),
  );
  // Asked in the same turn, who the reader may see and what the posts ask of them go to the
  // database as one statement.
  const [protectedAuthors, mustRead] = await Promise.all([
    protectedAuthorNames(db, user, rows),
    mustReadContext(db, user, rows, reader),
  ]);
  return { user, stats, protectedAuthors, mustRead };
}

export async function presentPost(
  db: Executor,
  user: AuthUser,
  row: DetailedPostRow,
  reader?: AcknowledgementReader,
): Promise<PostResponse> {
  const [item] = await presentPosts(db, user, [row], reader);
  return {
    ...item!,
    content: row.content,
    review: await ownershipOf(db, user, row),
    usedMedia: row.usedMedia.map(presentPostMedia),
  };
}

/**
 * The post's owner and review date (decision 0045) for one who may edit it,
 * the owner named as that reader may see them (decision 0039).
 */
async function ownershipOf(
  db: Executor,
  user: AuthUser,
  row: ListedPostRow,
): Promise<PostOwnership | null> {
  if (!can(user, postsPolicy.edit, accessFacts(row))) return null;
  const { ownerId, reviewDate } = row.post;
  if (ownerId === null) return { ownerId: null, owner: null, ownerActive: false, reviewDate };
  const [owner] = await db
    .select({ disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.id, ownerId));
  const names = await shownNamesOf(db, await identityScopeOf(db, user), [ownerId]);
  return {
    ownerId,
    owner: names.has(ownerId) ? { id: ownerId, name: names.get(ownerId)! } : null,
    ownerActive: Boolean(owner) && owner!.disabledAt === null,
    reviewDate,
  };
}

import {
  accessibilityNotices,
  newPostContent,
  slugify,
  sv,
  type Block,
  type PostStatus,
  type PostValues,
} from '@skolportalen/shared';
import type { Executor } from '../../db/client';
import { AppError, errors, type FieldError } from '../../http/errors';
import {
  blockMediaFilenames,
  blockSearchText,
  htmlSanitizer,
  sanitizeBlocks,
  videoProblems,
} from './post-content';
import {
  existingIds,
  findParentPage,
  findSortAnchor,
  mediaIdsByFilename,
  slugsLike,
  type PostColumns,
} from './post-writes.repo';
import type { PostRow } from './posts.repo';

const c = sv.content.validation;

/**
 * The status a post is stored with: publish with a publishing date ahead is
 * future; future whose date has come (or has none) is publish.
 */
export function effectiveStatus(
  status: PostStatus,
  publishedDate: string | null,
  now: Date,
): PostStatus {
  const ahead = publishedDate !== null && Date.parse(publishedDate) > now.getTime();
  if (status === 'publish' && ahead) return 'future';
  if (status === 'future' && !ahead) return 'publish';
  return status;
}

/**
 * The publishing time stored with a post: the given one; for a published post
 * without one, the time it was first published (kept on later saves), so that
 * "publishedDate DESC" orders every published post.
 */
export function effectivePublishedDate(
  values: Pick<PostValues, 'status' | 'publishedDate'>,
  existing: Pick<PostRow, 'publishedDate'> | undefined,
  now: Date,
): Date | null {
  if (values.publishedDate) return new Date(values.publishedDate);
  if (values.status !== 'publish') return null;
  return existing?.publishedDate ?? now;
}

const digitsOnly = /^\d+$/;

/** The first free slug of `base`, `base-2`, `base-3`… */
export async function freeSlug(db: Executor, wanted: string, excludeId?: number) {
  const base = digitsOnly.test(wanted) ? `sida-${wanted}` : wanted;
  const taken = await slugsLike(db, base, excludeId);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** A given slug must be free; one made from the title is made free. */
async function chooseSlug(db: Executor, values: PostValues, existing: PostRow | undefined) {
  if (values.slug === undefined) return existing?.slug ?? freeSlug(db, slugify(values.title));
  if (digitsOnly.test(values.slug)) {
    // All digits would read as an id in /post/{id or slug}.
    throw errors.validation([{ field: 'slug', message: sv.validation.slug }]);
  }
  const taken = await slugsLike(db, values.slug, existing?.id);
  if (taken.has(values.slug)) throw slugConflict();
  return values.slug;
}

export function slugConflict() {
  return new AppError(409, 'SLUG_TAKEN', c.slugTaken, [{ field: 'slug', message: c.slugTaken }]);
}

/** Ids the schema accepted but the database does not know are field errors. */
async function checkReferences(
  db: Executor,
  values: PostValues,
  existing: PostRow | undefined,
): Promise<FieldError[]> {
  const problems: FieldError[] = [];
  const missing = async (
    kind: Parameters<typeof existingIds>[1],
    list: readonly number[],
    field: string,
    message: string,
  ) => {
    const found = await existingIds(db, kind, list);
    if (list.some((value) => !found.has(value))) problems.push({ field, message });
  };
  await missing('groups', values.nodeIds, 'nodeIds', c.unknownGroups);
  await missing('groups', values.courseNodeIds, 'courseNodeIds', c.unknownGroups);
  await missing('categories', values.categoryIds, 'categoryIds', c.unknownCategories);
  await missing('users', values.userIds, 'userIds', c.unknownUsers);
  await missing('users', values.editorIds, 'editorIds', c.unknownUsers);
  await missing(
    'media',
    values.mediaId === null ? [] : [values.mediaId],
    'mediaId',
    c.unknownMedia,
  );
  await missing('media', values.mediaIds, 'mediaIds', c.unknownMedia);
  if (values.parentId !== 0) {
    if (existing && values.parentId === existing.id) {
      problems.push({ field: 'parentId', message: c.parentSelf });
    } else if (!(await findParentPage(db, values.parentId))) {
      problems.push({ field: 'parentId', message: c.parentNotFound });
    }
  }
  return problems;
}

/** Where the post sorts: its own order, or just before the post it is placed before. */
async function sortPosition(
  db: Executor,
  values: PostValues,
  existing: PostRow | undefined,
  now: Date,
): Promise<{ sortOrder: number; sortAt: Date } | FieldError> {
  const ownAt = values.publishedDate
    ? new Date(values.publishedDate)
    : (existing?.createdAt ?? now);
  if (values.orderPostBeforeId === null) return { sortOrder: values.order, sortAt: ownAt };
  if (existing && values.orderPostBeforeId === existing.id) {
    return { field: 'orderPostBeforeId', message: c.orderBeforeSelf };
  }
  const anchor = await findSortAnchor(db, values.orderPostBeforeId);
  if (!anchor) return { field: 'orderPostBeforeId', message: c.orderBeforeNotFound };
  // Placing A before B when B (through its own anchors) sits before A would be a loop.
  let cursor = anchor;
  for (let step = 0; existing && cursor.orderPostBeforeId !== null && step < 50; step += 1) {
    if (cursor.orderPostBeforeId === existing.id) {
      return { field: 'orderPostBeforeId', message: c.orderBeforeSelf };
    }
    const next = await findSortAnchor(db, cursor.orderPostBeforeId);
    if (!next) break;
    cursor = next;
  }
  return { sortOrder: anchor.sortOrder, sortAt: new Date(anchor.sortAt.getTime() + 1) };
}

/**
 * A must-read notice's deadline lies ahead when it is published with it: a
 * new deadline, or a post published now. A published notice saved again
 * with the deadline it had keeps it, passed or not (it stays overdue).
 */
function acknowledgeByPassed(
  values: PostValues,
  existing: PostRow | undefined,
  status: PostStatus,
  now: Date,
) {
  if (values.acknowledgeBy === null || !values.requiresAcknowledgement) return false;
  if (status !== 'publish' && status !== 'future') return false;
  if (Date.parse(values.acknowledgeBy) > now.getTime()) return false;
  const wasPublishing = existing?.status === 'publish' || existing?.status === 'future';
  const sameDeadline = existing?.acknowledgeBy?.getTime() === Date.parse(values.acknowledgeBy);
  return !(wasPublishing && sameDeadline);
}

export interface PreparedPost {
  columns: PostColumns;
  content: Block[];
  /** Every library item the post shows: picture, gallery and blocks (decision 0005). */
  usedMediaIds: number[];
}

/** Checks and derives everything a write stores; throws a field error (400) or a 409. */
/**
 * The accessibility problems that stop publishing (an image without a
 * description, a table without a heading row), each at its block's field and
 * naming the block by its type and place, e.g. "Bild (block 3)".
 */
export function publishingProblems(content: readonly Block[]) {
  return accessibilityNotices(content)
    .filter((notice) => notice.severity === 'error')
    .map((notice) => {
      const block = findBlockById(content, notice.blockId);
      const place = notice.path.split('.').filter((part) => /^\d+$/.test(part));
      const name = block ? sv.blocks.names[block.type] : '';
      return {
        field: `${notice.path}.props.${notice.field}`,
        message: `${name} (block ${place.map((index) => Number(index) + 1).join('.')}): ${notice.message}`,
      };
    });
}

function findBlockById(blocks: readonly Block[], id: string): Block | undefined {
  for (const block of blocks) {
    if (block.id === id) return block;
    const inside = block.children?.length ? findBlockById(block.children, id) : undefined;
    if (inside) return inside;
  }
  return undefined;
}

export async function preparePost(
  db: Executor,
  values: PostValues,
  existing: PostRow | undefined,
  options: {
    now: Date;
    siteOrigin: string;
    authorId: number | null;
    videoEmbedOrigins: readonly string[];
  },
): Promise<PreparedPost> {
  const { now } = options;
  const problems = await checkReferences(db, values, existing);
  if (values.content) problems.push(...videoProblems(values.content, options.videoEmbedOrigins));
  const status = effectiveStatus(values.status, values.publishedDate, now);
  if (
    status === 'publish' &&
    values.unpublishedDate !== null &&
    Date.parse(values.unpublishedDate) <= now.getTime()
  ) {
    problems.push({ field: 'unpublishedDate', message: c.unpublishPassed });
  }
  if (acknowledgeByPassed(values, existing, status, now)) {
    problems.push({ field: 'acknowledgeBy', message: c.acknowledgeByPassed });
  }
  const position = await sortPosition(db, values, existing, now);
  if ('field' in position) problems.push(position);
  if (problems.length || 'field' in position) throw errors.validation(problems);

  const slug = await chooseSlug(db, values, existing);
  const sanitize = await htmlSanitizer(options.siteOrigin);
  const content = sanitizeBlocks(values.content ?? existing?.content ?? newPostContent(), sanitize);
  // What stops publishing in the editor stops it here too, for every client (issue 29).
  if (status === 'publish' || status === 'future') {
    const blocking = publishingProblems(content);
    if (blocking.length) throw errors.validation(blocking);
  }
  const blockMedia = await mediaIdsByFilename(db, blockMediaFilenames(content));
  const usedMediaIds = [
    ...new Set([
      ...(values.mediaId === null ? [] : [values.mediaId]),
      ...values.mediaIds,
      ...blockMedia,
    ]),
  ];
  const contentChanged =
    existing === undefined || JSON.stringify(existing.content) !== JSON.stringify(content);
  return {
    content,
    usedMediaIds,
    columns: {
      type: values.type,
      title: values.title,
      excerpt: values.excerpt,
      content,
      slug,
      status,
      order: values.order,
      orderPostBeforeId: values.orderPostBeforeId,
      sortOrder: position.sortOrder,
      sortAt: position.sortAt,
      parentId: values.parentId,
      authorId: existing ? existing.authorId : options.authorId,
      pseudoAuthor: values.pseudoAuthor,
      allowComments: values.allowComments,
      publishedDate: effectivePublishedDate(values, existing, now),
      unpublishedDate: values.unpublishedDate ? new Date(values.unpublishedDate) : null,
      authoredDate: values.authoredDate ? new Date(values.authoredDate) : null,
      sendNotification: values.sendNotification,
      blurbs: values.blurbs,
      info: values.info,
      contact: values.contact,
      mediaId: values.mediaId,
      courseNodeIds: values.courseNodeIds,
      pagePlacement: values.pagePlacement,
      courseDate: values.courseDate,
      course: values.course,
      version: existing ? existing.version + (contentChanged ? 1 : 0) : 1,
      searchText: blockSearchText(content),
      requiresAcknowledgement: values.requiresAcknowledgement,
      acknowledgeBy: values.acknowledgeBy ? new Date(values.acknowledgeBy) : null,
      acknowledgement: values.acknowledgement,
      reminderHoursBefore: values.reminderHoursBefore,
    },
  };
}

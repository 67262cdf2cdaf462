import { blockTree, type Block } from '../blocks/blocks';
import { limits } from '../constants';
import { postStatuses, postTypes, writableStatuses, type PostType } from '../content/post-types';
import { sv } from '../texts/sv';
import {
  acknowledgeableTypes,
  acknowledgementModes,
  defaultReminderHoursBefore,
  maxReminderHoursBefore,
  maxReminders,
  myAcknowledgement,
  reachedChild,
} from './acknowledgement';
import { httpUrl, id, listQuery, optionalText, requiredText, slug } from './common';
import { checkCourseRules } from './course-rules';
import { likeSummary } from './like';
import { mediaRendition } from './media';
import { languageCode, readingLanguageFields } from './translation';
import { z } from './zod-sv';

const m = sv.validation;
const c = sv.content.validation;

/** Where a page is shown besides its own address (spec §3 pagePlacement). */
export const pagePlacements = ['none', 'start-top', 'start-bottom'] as const;
export type PagePlacement = (typeof pagePlacements)[number];

/** Post types whose card shows an icon: publishing them needs one (spec §5 "Publishing"). */
export const typesNeedingIcon: readonly PostType[] = ['tool', 'google-tool'];
/** Short messages whose whole text is the excerpt: it must be written. */
export const typesNeedingExcerpt: readonly PostType[] = ['info', 'info-important', 'alert'];

/**
 * Fields only the original editor (the author, or someone with
 * `edit_all_posts`) may change; assigned editors may change the rest.
 */
export const restrictedPostFields = [
  'type',
  'status',
  'slug',
  'publishedDate',
  'unpublishedDate',
  'nodeIds',
  'categoryIds',
  'userIds',
  'courseNodeIds',
  'editorIds',
  'sendNotification',
  'pagePlacement',
  'allowComments',
  'parentId',
  'requiresAcknowledgement',
  'acknowledgeBy',
  'acknowledgement',
  'reminderHoursBefore',
] as const;
export type RestrictedPostField = (typeof restrictedPostFields)[number];

/**
 * Spec §3 sending rules: blurbs, info, contact and attendee information travel
 * as JSON strings. A real array/object is accepted too (non-browser clients).
 */
function jsonString<T extends z.ZodType>(schema: T) {
  return z.preprocess((value, ctx) => {
    if (value === null || value === undefined || value === '') return undefined;
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: c.invalidJson, input: value });
      return z.NEVER;
    }
  }, schema.optional());
}

/** ISO 8601 date-time with a zone ("2026-11-21T08:00:00Z"); empty → null. */
const dateTime = z
  .preprocess(
    (value) => (value === '' ? null : value),
    z.iso.datetime({ offset: true, message: m.invalidValue }).nullish(),
  )
  .transform((value) => value ?? null);

/** A calendar date ("2026-11-21"); empty → null. */
const calendarDate = z
  .preprocess(
    (value) => (value === '' ? null : value),
    z.iso.date({ message: m.invalidValue }).nullish(),
  )
  .transform((value) => value ?? null);

const idArray = (max = 1000) =>
  z
    .array(id)
    .max(max)
    .default([])
    .transform((list) => [...new Set(list)]);

export const blurb = z.strictObject({
  title: z.string().trim().max(limits.blurbTitleMax).default(''),
  text: z.string().trim().max(limits.blurbTextMax).default(''),
});
export type Blurb = z.infer<typeof blurb>;

export const infoLink = z.strictObject({
  title: requiredText(limits.infoTitleMax),
  url: httpUrl,
  openInNewWindow: z.boolean().default(false),
});
export type InfoLink = z.infer<typeof infoLink>;

export const contact = z.strictObject({
  name: optionalText(128),
  title: optionalText(128),
  email: optionalText(limits.emailMax).refine(
    (value) => value === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value),
    m.email,
  ),
  phone: optionalText(40),
});
export type Contact = z.infer<typeof contact>;

/** A question every attendee answers when booking (spec §3 attendeeInformation). */
export const attendeeQuestion = z.strictObject({
  title: requiredText(limits.infoTitleMax),
  required: z.boolean().default(false),
});
export type AttendeeQuestion = z.infer<typeof attendeeQuestion>;

export const courseBlock = z.strictObject({
  startDate: dateTime,
  endDate: dateTime,
  cancellationDate: dateTime,
  /** Spec §3: "An empty place becomes an empty string." */
  place: z
    .string()
    .trim()
    .max(255)
    .nullish()
    .transform((value) => value ?? ''),
  numberOfAttendees: z.number().int().min(0).max(100_000).default(0),
  bookable: z.boolean().default(true),
  attendeeInformation: jsonString(z.array(attendeeQuestion).max(20)).transform(
    (value) => value ?? [],
  ),
});
export type CourseBlock = z.infer<typeof courseBlock>;

/** POST /post and PUT /post/{id} (spec §3 fields, §5 and §9 bounds). */
export const postInputObject = z.strictObject({
  type: z.enum(postTypes),
  title: requiredText(limits.postTitleMax),
  /** Spec §3: a null excerpt becomes an empty string. */
  excerpt: z
    .string()
    .trim()
    .max(limits.postExcerptMax)
    .nullish()
    .transform((value) => value ?? ''),
  /** The page-builder tree; omitted → one empty html block (spec §3). */
  content: blockTree.optional(),
  /** Omitted → made from the title and kept unique. */
  slug: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    slug.optional(),
  ),
  status: z.enum(writableStatuses).default('publish'),
  order: z.number().int().min(-1_000_000).max(1_000_000).default(0),
  orderPostBeforeId: id.nullish().transform((value) => value ?? null),
  /** Spec §3: a null parent becomes 0. */
  parentId: z
    .number()
    .int()
    .min(0)
    .max(2_147_483_647)
    .nullish()
    .transform((value) => value ?? 0),
  pseudoAuthor: optionalText(128),
  allowComments: z.boolean().default(true),
  publishedDate: dateTime,
  unpublishedDate: dateTime,
  authoredDate: dateTime,
  sendNotification: z.boolean().default(false),
  blurbs: jsonString(z.array(blurb).max(20)).transform((value) => value ?? []),
  info: jsonString(z.array(infoLink).max(20)).transform((value) => value ?? []),
  contact: jsonString(contact).transform((value) => value ?? null),
  mediaId: id.nullish().transform((value) => value ?? null),
  mediaIds: idArray(50),
  userIds: idArray(),
  categoryIds: idArray(50),
  nodeIds: idArray(),
  courseNodeIds: idArray(),
  editorIds: idArray(50),
  pagePlacement: z.enum(pagePlacements).default('none'),
  courseDate: calendarDate,
  course: courseBlock.nullish().transform((value) => value ?? null),
  /** "Kräver läsbekräftelse" (decision 0040): each reader confirms they have read it. */
  requiresAcknowledgement: z.boolean().default(false),
  /** The deadline for confirming; after it the notice stays marked as overdue. */
  acknowledgeBy: dateTime,
  acknowledgement: z.enum(acknowledgementModes).default('each-reader'),
  /** Reminders to those who have not confirmed, in hours before the deadline. */
  reminderHoursBefore: z
    .array(z.number().int(m.integer).min(1).max(maxReminderHoursBefore))
    .max(maxReminders)
    .default(defaultReminderHoursBefore)
    .transform((hours) => [...new Set(hours)].sort((a, b) => b - a)),
});

type PostInputValues = z.output<typeof postInputObject>;

/** The cross-field rules (spec §5 "Publishing"), also run by the editor before saving. */
export function checkPostRules(post: PostInputValues, ctx: z.RefinementCtx) {
  const publishing = post.status === 'publish' || post.status === 'future';
  if (publishing && post.nodeIds.length === 0) {
    ctx.addIssue({ code: 'custom', message: m.publishGroup, path: ['nodeIds'] });
  }
  if (publishing && post.categoryIds.length === 0) {
    ctx.addIssue({ code: 'custom', message: m.atLeastOne, path: ['categoryIds'] });
  }
  if (publishing && typesNeedingIcon.includes(post.type) && post.mediaId === null) {
    ctx.addIssue({ code: 'custom', message: c.iconRequired, path: ['mediaId'] });
  }
  if (typesNeedingExcerpt.includes(post.type) && post.excerpt === '') {
    ctx.addIssue({ code: 'custom', message: m.required, path: ['excerpt'] });
  }
  if (post.type === 'course' && post.courseDate === null) {
    ctx.addIssue({ code: 'custom', message: c.courseDateRequired, path: ['courseDate'] });
  }
  if (post.type === 'course') checkCourseRules(post.course, ctx);
  if (
    post.publishedDate !== null &&
    post.unpublishedDate !== null &&
    Date.parse(post.unpublishedDate) <= Date.parse(post.publishedDate)
  ) {
    ctx.addIssue({ code: 'custom', message: c.unpublishBeforePublish, path: ['unpublishedDate'] });
  }
  checkAcknowledgementRules(post, ctx);
}

/** A must-read notice is one of the types that may ask for it, and its deadline follows its publishing. */
function checkAcknowledgementRules(post: PostInputValues, ctx: z.RefinementCtx) {
  if (post.requiresAcknowledgement && !acknowledgeableTypes.includes(post.type)) {
    ctx.addIssue({
      code: 'custom',
      message: c.acknowledgementType,
      path: ['requiresAcknowledgement'],
    });
  }
  // Left out (a form checking a partial post) counts as none.
  if (!post.acknowledgeBy) return;
  if (!post.requiresAcknowledgement) {
    ctx.addIssue({
      code: 'custom',
      message: c.acknowledgeByWithoutAcknowledgement,
      path: ['acknowledgeBy'],
    });
  } else if (
    post.publishedDate !== null &&
    Date.parse(post.acknowledgeBy) <= Date.parse(post.publishedDate)
  ) {
    ctx.addIssue({
      code: 'custom',
      message: c.acknowledgeByBeforePublish,
      path: ['acknowledgeBy'],
    });
  }
}

export const postInput = postInputObject.superRefine(checkPostRules);
export type PostInput = z.input<typeof postInput>;
export type PostValues = z.output<typeof postInput>;

/**
 * A library item a post shows. An image also carries its size and its smaller
 * webp copies, so a reading page reserves its space and loads the copy its
 * column needs (issue 32); left out where the answer has none (a draft's
 * preview of a freshly picked file).
 */
export const postMedia = z.object({
  id: z.number(),
  filename: z.string(),
  title: z.string(),
  alt: z.string(),
  width: z.number().nullable().optional(),
  height: z.number().nullable().optional(),
  renditions: z.object({ thumb: mediaRendition, card: mediaRendition }).nullable().optional(),
});
export type PostMedia = z.infer<typeof postMedia>;

const postFields = {
  id: z.number(),
  type: z.enum(postTypes),
  title: z.string(),
  excerpt: z.string(),
  slug: z.string(),
  /** The reading address, e.g. "/nyhet/lasårsstart"; null for tools, which have no page. */
  url: z.string().nullable(),
  status: z.enum(postStatuses),
  order: z.number(),
  orderPostBeforeId: z.number().nullable(),
  parentId: z.number(),
  authorId: z.number().nullable(),
  author: z.object({ id: z.number(), name: z.string() }).nullable(),
  pseudoAuthor: z.string().nullable(),
  allowComments: z.boolean(),
  publishedDate: z.string().nullable(),
  unpublishedDate: z.string().nullable(),
  authoredDate: z.string().nullable(),
  sendNotification: z.boolean(),
  blurbs: z.array(blurb),
  info: z.array(infoLink),
  contact: contact.nullable(),
  mediaId: z.number().nullable(),
  media: postMedia.nullable(),
  mediaIds: z.array(z.number()),
  medias: z.array(postMedia),
  userIds: z.array(z.number()),
  categoryIds: z.array(z.number()),
  nodeIds: z.array(z.number()),
  courseNodeIds: z.array(z.number()),
  editorIds: z.array(z.number()),
  pagePlacement: z.enum(pagePlacements),
  courseDate: z.string().nullable(),
  course: courseBlock.nullable(),
  created: z.string(),
  updated: z.string(),
  /** The signed-in reader has marked it read (POST /post-read/{id}). */
  isRead: z.boolean(),
  /** How many like it, and whether the signed-in reader does (their like's id to take it back). */
  likes: likeSummary,
  /** Comments under it (whether or not comments are still open). */
  commentCount: z.number(),
  /** For those who may edit: how many of the targeted readers have read it, of how many. */
  readCount: z.number().nullable(),
  targetCount: z.number().nullable(),
  /** Must-read (decision 0040): readers confirm with "Jag har läst", by `acknowledgeBy` if set. */
  requiresAcknowledgement: z.boolean(),
  acknowledgeBy: z.string().nullable(),
  acknowledgement: z.enum(acknowledgementModes),
  reminderHoursBefore: z.array(z.number()),
  /** What the post asks of the signed-in reader; null when nothing. */
  myAcknowledgement: myAcknowledgement.nullable(),
  /**
   * For a guardian: which of their children the post reached (one item in the
   * feed however many children it reaches, with a badge per child); else empty.
   */
  reachedChildren: z.array(reachedChild),
  can: z.object({
    edit: z.boolean(),
    delete: z.boolean(),
    publish: z.boolean(),
    /** May change the restricted publishing fields (is the original editor). */
    changeRestricted: z.boolean(),
    /** May read who has confirmed a must-read post (GET /post/{id}/acknowledgements). */
    readAcknowledgements: z.boolean(),
  }),
  /** The language it is given in (issue 27): the reader's, when translated. */
  ...readingLanguageFields,
};

/** A list item of GetPosts and my-post: everything but the block tree. */
export const postListItem = z.object(postFields);
export type PostListItem = z.infer<typeof postListItem>;

/** A post's owner and review date (decision 0045), for those who may edit it; null to others. */
export const postOwnership = z.object({
  ownerId: z.number().nullable(),
  /** Named as the reader may see them (decision 0039). */
  owner: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** False for a deactivated owner: the post counts as unowned. */
  ownerActive: z.boolean(),
  /** YYYY-MM-DD (Stockholm); null when the post has none. */
  reviewDate: z.string().nullable(),
});
export type PostOwnership = z.infer<typeof postOwnership>;

export const postResponse = z.object({
  ...postFields,
  content: z.array(z.custom<Block>()),
  review: postOwnership.nullable(),
  /**
   * The library images the post shows (its picture, gallery and blocks, as
   * `media_usages` records them), with sizes and renditions: its blocks name
   * them only by address. Only in the answer for one post.
   */
  usedMedia: z.array(postMedia).optional(),
});
export type PostResponse = z.infer<typeof postResponse>;

export const postSortColumns = [
  'order',
  'publishedDate',
  'acknowledgeBy',
  'title',
  'created',
  'updated',
  'id',
  'type',
  'status',
] as const;

const enumList = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (value) =>
      value === undefined || value === '' ? undefined : Array.isArray(value) ? value : [value],
    z
      .array(z.enum(values))
      .max(values.length * 2)
      .optional(),
  );

/** POST /GetPosts and /GetPostsAll (spec §7: defaults status publish, sort "order ASC"). */
export const getPostsRequest = z.strictObject({
  type: enumList(postTypes),
  status: enumList(postStatuses),
  nodeIds: z.array(id).max(1000).optional(),
  categoryIds: z.array(id).max(100).optional(),
  authorId: id.optional(),
  search: z.string().trim().max(200).optional(),
  /** Published on or after / before (inclusive dates or date-times). */
  dateFrom: z.string().max(40).optional(),
  dateTo: z.string().max(40).optional(),
  pagePlacement: enumList(pagePlacements),
  /** Only what the reader has not marked as read. */
  unread: z.boolean().optional(),
  /**
   * Must-read notices only: `pending`, those the reader still has to confirm
   * (overdue ones too), for the top of the start page; `all`, every one that
   * asks the reader to confirm.
   */
  mustRead: z.enum(['pending', 'all']).optional(),
  /** The language to give the posts in (`sv` for the originals); left out, the reader's own. */
  language: languageCode.optional(),
  page: listQuery.shape.page,
  perPage: listQuery.shape.perPage,
  sort: listQuery.shape.sort,
});
export type GetPostsRequest = z.input<typeof getPostsRequest>;

/** GET /my-post and GET /user/{id}/posts. */
export const myPostsQuery = listQuery.extend({
  type: enumList(postTypes),
  status: enumList(postStatuses),
  search: z.string().trim().max(200).optional(),
});
export type MyPostsQuery = z.input<typeof myPostsQuery>;

/** `{id}` of /post/{id}: a numeric id or a slug. */
export const postKeyParams = z.strictObject({
  id: z
    .string()
    .min(1)
    .max(limits.postTitleMax + 20),
});

export const postSlugParams = z.strictObject({ slug: z.string().min(1).max(200) });
export const slugAvailabilityQuery = z.object({ excludeId: id.optional() });
export const slugAvailabilityResponse = z.object({
  slug: z.string(),
  available: z.boolean(),
  /** A free slug close to the asked one, when it is taken or malformed. */
  suggestion: z.string(),
  message: z.string().nullable(),
});
export type SlugAvailability = z.infer<typeof slugAvailabilityResponse>;

/** POST|DELETE /post/{id}/node, /category, /user: the values travel in the body. */
export const postNodesBody = z.strictObject({ nodeIds: z.array(id).min(1).max(1000) });
export const postCategoriesBody = z.strictObject({ categoryIds: z.array(id).min(1).max(50) });
export const postUsersBody = z.strictObject({ userIds: z.array(id).min(1).max(1000) });
export const postTargetsResponse = z.object({
  nodeIds: z.array(z.number()),
  categoryIds: z.array(z.number()),
  userIds: z.array(z.number()),
});

/** DELETE /post/{id}: the first delete moves the post to the trash, a second removes it. */
export const postDeleteResponse = z.object({
  id: z.number(),
  status: z.enum(['trash', 'deleted']),
});
export type PostDeleteResult = z.infer<typeof postDeleteResponse>;

export const postReadResponse = z.object({
  postId: z.number(),
  isRead: z.literal(true),
  readAt: z.string(),
});

/**
 * GET|PUT /editor/{id}: the page-builder document of a post (CMS nodes). The
 * version guards against two editors overwriting each other (409). `restricted`
 * tells an assigned editor that publishing settings are the original editor's.
 */
export const editorDocument = z.object({
  postId: z.number(),
  version: z.number(),
  restricted: z.boolean(),
  content: z.array(z.custom<Block>()),
});
export type EditorDocument = z.infer<typeof editorDocument>;

export const editorUpdateRequest = z.strictObject({
  version: z.number().int().min(0),
  content: blockTree,
});
export type EditorUpdateRequest = z.input<typeof editorUpdateRequest>;

/** The reading address of a post, or null for types without a page. */
export function postUrl(
  type: PostType,
  slugValue: string,
  prefixes: Partial<Record<PostType, string>>,
) {
  const prefix = prefixes[type];
  return prefix ? `/${prefix}/${slugValue}` : null;
}

/** Makes a slug from a title: "Läsårsstart 2026!" → "lasarsstart-2026". */
export function slugify(title: string): string {
  const folded = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/g, '');
  return folded === '' ? 'innehall' : folded;
}

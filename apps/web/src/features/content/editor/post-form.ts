import {
  acknowledgeableTypes,
  checkPostRules,
  defaultReminderHoursBefore,
  newPostContent,
  postInput,
  type AcknowledgementMode,
  type Block,
  type Blurb,
  type InfoLink,
  type PagePlacement,
  type PostInput,
  type PostMedia,
  type PostResponse,
  type PostStatus,
  type PostType,
  type PostValues,
} from '@skolportalen/shared';
import type { z } from 'zod';
import type { FieldMessage } from './error-map';

/** The editor's form: what the author types, before the spec's sending rules shape it. */
export interface PostFormValues {
  type: PostType;
  title: string;
  excerpt: string;
  slug: string;
  pseudoAuthor: string;
  allowComments: boolean;
  sendNotification: boolean;
  /** `datetime-local` values in the browser's time zone; empty when not set. */
  publishedDate: string;
  unpublishedDate: string;
  blurbs: Blurb[];
  info: InfoLink[];
  contact: { name: string; title: string; email: string; phone: string };
  /** The featured image, or the icon of tool types. */
  media: PostMedia | null;
  nodeIds: number[];
  categoryIds: number[];
  userIds: number[];
  editorIds: number[];
  pagePlacement: PagePlacement;
  /** "Kräver läsbekräftelse" (decision 0040); sent only for the types that may ask. */
  requiresAcknowledgement: boolean;
  /** The deadline as `YYYY-MM-DDTHH:mm` in the browser's zone; empty when none. */
  acknowledgeBy: string;
  acknowledgement: AcknowledgementMode;
  /** Hours before the deadline, as typed: one field per reminder. */
  reminderHours: string[];
  content: Block[];
  /** Fields the editor does not show, kept as they were. */
  kept: Pick<
    PostValues,
    | 'order'
    | 'orderPostBeforeId'
    | 'parentId'
    | 'courseDate'
    | 'course'
    | 'mediaIds'
    | 'courseNodeIds'
    | 'authoredDate'
    | 'publishedDate'
    | 'unpublishedDate'
    | 'acknowledgeBy'
  >;
}

export type EditorAction = 'draft' | 'publish' | 'keep';

const pad = (value: number) => String(value).padStart(2, '0');

/** ISO date-time → `YYYY-MM-DDTHH:mm` in the browser's zone, for `<input type="datetime-local">`. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** `datetime-local` value → ISO with zone; empty → null. */
export function fromLocalInput(value: string): string | null {
  if (value.trim() === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

export function emptyPost(type: PostType = 'news'): PostFormValues {
  return {
    type,
    title: '',
    excerpt: '',
    slug: '',
    pseudoAuthor: '',
    allowComments: true,
    sendNotification: false,
    publishedDate: '',
    unpublishedDate: '',
    blurbs: [],
    info: [],
    contact: { name: '', title: '', email: '', phone: '' },
    media: null,
    nodeIds: [],
    categoryIds: [],
    userIds: [],
    editorIds: [],
    pagePlacement: 'none',
    requiresAcknowledgement: false,
    acknowledgeBy: '',
    acknowledgement: 'each-reader',
    reminderHours: defaultReminderHoursBefore.map(String),
    content: newPostContent(),
    kept: {
      order: 0,
      orderPostBeforeId: null,
      parentId: 0,
      courseDate: null,
      course: null,
      mediaIds: [],
      courseNodeIds: [],
      authoredDate: null,
      publishedDate: null,
      unpublishedDate: null,
      acknowledgeBy: null,
    },
  };
}

export function fromPost(post: PostResponse): PostFormValues {
  return {
    type: post.type,
    title: post.title,
    excerpt: post.excerpt,
    slug: post.slug,
    pseudoAuthor: post.pseudoAuthor ?? '',
    allowComments: post.allowComments,
    sendNotification: post.sendNotification,
    publishedDate: toLocalInput(post.publishedDate),
    unpublishedDate: toLocalInput(post.unpublishedDate),
    blurbs: post.blurbs.map((blurb) => ({ ...blurb })),
    info: post.info.map((link) => ({ ...link })),
    contact: {
      name: post.contact?.name ?? '',
      title: post.contact?.title ?? '',
      email: post.contact?.email ?? '',
      phone: post.contact?.phone ?? '',
    },
    media: post.media,
    nodeIds: [...post.nodeIds],
    categoryIds: [...post.categoryIds],
    userIds: [...post.userIds],
    editorIds: [...post.editorIds],
    pagePlacement: post.pagePlacement,
    requiresAcknowledgement: post.requiresAcknowledgement,
    acknowledgeBy: toLocalInput(post.acknowledgeBy),
    acknowledgement: post.acknowledgement,
    reminderHours: post.reminderHoursBefore.map(String),
    content: post.content.length > 0 ? post.content : newPostContent(),
    kept: {
      order: post.order,
      orderPostBeforeId: post.orderPostBeforeId,
      parentId: post.parentId,
      courseDate: post.courseDate,
      course: post.course,
      mediaIds: [...post.mediaIds],
      courseNodeIds: [...post.courseNodeIds],
      authoredDate: post.authoredDate,
      publishedDate: post.publishedDate,
      unpublishedDate: post.unpublishedDate,
      acknowledgeBy: post.acknowledgeBy,
    },
  };
}

/**
 * The status a save asks for: a draft, publishing (the server makes it
 * `future` when the date lies ahead), or as it is.
 */
export function statusFor(action: EditorAction, current: PostStatus): PostStatus {
  if (action === 'draft') return 'draft';
  if (action === 'publish') return 'publish';
  return current;
}

/** Publishing with a date ahead schedules the post. */
export function isScheduled(values: PostFormValues, now = new Date()): boolean {
  const iso = fromLocalInput(values.publishedDate);
  return iso !== null && Date.parse(iso) > now.getTime();
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** A typed number of hours; anything but digits goes as NaN, which the schema refuses. */
const hoursOf = (value: string) => (/^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN);

/** A date the author left as it was goes back exactly as it came, seconds and all. */
function dateFor(input: string, original: string | null): string | null {
  if (original !== null && input === toLocalInput(original)) return original;
  return fromLocalInput(input);
}

/**
 * The must-read settings: asked only of the types that may ask, a deadline
 * only when asked. Hidden reminders (nothing asked) go back only when they
 * are numbers, so a field the author cannot see never stops a save.
 */
function acknowledgementFields(values: PostFormValues) {
  const requiresAcknowledgement =
    values.requiresAcknowledgement && acknowledgeableTypes.includes(values.type);
  const hours = values.reminderHours.map(hoursOf);
  return {
    requiresAcknowledgement,
    acknowledgeBy: requiresAcknowledgement
      ? dateFor(values.acknowledgeBy, values.kept.acknowledgeBy)
      : null,
    acknowledgement: values.acknowledgement,
    reminderHoursBefore: requiresAcknowledgement ? hours : hours.filter(Number.isFinite),
  };
}

/**
 * The request body, by spec §3's sending rules: blurbs, info and contact as
 * JSON strings, empty strings as null, a null parent as 0, a null excerpt as "".
 * Every field goes back, the restricted ones unchanged when the author may not
 * change them (the form disables them), so the server sees no change there.
 */
export function toInput(values: PostFormValues, status: PostStatus): PostInput {
  const contactFilled = Object.values(values.contact).some((value) => value.trim() !== '');
  return {
    type: values.type,
    title: values.title,
    excerpt: values.excerpt,
    slug: orNull(values.slug),
    status,
    pseudoAuthor: orNull(values.pseudoAuthor),
    allowComments: values.allowComments,
    publishedDate: dateFor(values.publishedDate, values.kept.publishedDate),
    unpublishedDate: dateFor(values.unpublishedDate, values.kept.unpublishedDate),
    authoredDate: values.kept.authoredDate,
    sendNotification: values.sendNotification,
    blurbs: JSON.stringify(values.blurbs),
    info: JSON.stringify(values.info),
    contact: contactFilled
      ? JSON.stringify({
          name: orNull(values.contact.name),
          title: orNull(values.contact.title),
          email: orNull(values.contact.email),
          phone: orNull(values.contact.phone),
        })
      : null,
    mediaId: values.media?.id ?? null,
    mediaIds: values.kept.mediaIds,
    nodeIds: values.nodeIds,
    categoryIds: values.categoryIds,
    userIds: values.userIds,
    courseNodeIds: values.kept.courseNodeIds,
    editorIds: values.editorIds,
    pagePlacement: values.pagePlacement,
    content: values.content,
    order: values.kept.order,
    orderPostBeforeId: values.kept.orderPostBeforeId,
    parentId: values.kept.parentId,
    courseDate: values.kept.courseDate,
    course: values.kept.course,
    ...acknowledgementFields(values),
  } as PostInput;
}

/**
 * Runs the shared schema in the browser before anything is sent, so the author
 * sees the same Swedish messages the server would give. The publishing rules
 * run even when a field is wrong, so every problem shows at once.
 */
export function validatePost(body: PostInput): FieldMessage[] {
  const parsed = postInput.safeParse(body);
  if (parsed.success) return [];
  const issues: FieldMessage[] = parsed.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  const ruleIssues: FieldMessage[] = [];
  const collector = {
    addIssue: (issue: { message?: string; path?: PropertyKey[] }) => {
      ruleIssues.push({
        field: (issue.path ?? []).map(String).join('.'),
        message: issue.message ?? '',
      });
    },
  } as unknown as z.RefinementCtx;
  const loose = {
    type: body.type,
    status: body.status ?? 'publish',
    nodeIds: body.nodeIds ?? [],
    categoryIds: body.categoryIds ?? [],
    mediaId: body.mediaId ?? null,
    excerpt: body.excerpt ?? '',
    courseDate: body.courseDate ?? null,
    publishedDate: body.publishedDate ?? null,
    unpublishedDate: body.unpublishedDate ?? null,
    requiresAcknowledgement: body.requiresAcknowledgement ?? false,
    acknowledgeBy: body.acknowledgeBy ?? null,
  } as PostValues;
  checkPostRules(loose, collector);
  const seen = new Set(issues.map((issue) => `${issue.field}|${issue.message}`));
  return [...issues, ...ruleIssues.filter((issue) => !seen.has(`${issue.field}|${issue.message}`))];
}

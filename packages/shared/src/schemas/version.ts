import { type Block } from '../blocks/blocks';
import { postStatuses, postTypes } from '../content/post-types';
import { sv } from '../texts/sv';
import { listQuery } from './common';
import { z } from './zod-sv';

/** What made a version (the server's `post_versions.event`). */
export const versionEvents = [
  'created',
  'saved',
  'published',
  'unpublished',
  'scheduled',
  'trashed',
  'restored',
  'deleted',
] as const;
export type VersionEvent = (typeof versionEvents)[number];

/** `/post/{id}/versions/{n}`: a post's numeric id (a deleted post has no slug left) and a number. */
export const versionParams = z.strictObject({
  id: z.coerce.number<unknown>().int().min(1).max(2_147_483_647),
  n: z.coerce.number<unknown>().int().min(1).max(2_147_483_647),
});
export const versionListParams = versionParams.pick({ id: true });
export const versionListQuery = listQuery.pick({ page: true, perPage: true });

export const versionSummary = z.object({
  number: z.number(),
  recordedAt: z.string(),
  event: z.enum(versionEvents),
  status: z.enum(postStatuses),
  title: z.string(),
  /** Who made the change; null for the scheduler (or an account that is gone). */
  changedBy: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type VersionSummary = z.infer<typeof versionSummary>;
export const versionListResponse = z.array(versionSummary);

const named = z.object({ id: z.number(), name: z.string() });

/** A version in full: the post as it was, and who it reached. */
export const versionResponse = versionSummary.extend({
  postId: z.number(),
  post: z.object({
    type: z.enum(postTypes),
    title: z.string(),
    excerpt: z.string(),
    slug: z.string(),
    url: z.string().nullable(),
    content: z.array(z.custom<Block>()),
    publishedDate: z.string().nullable(),
    unpublishedDate: z.string().nullable(),
    authoredDate: z.string().nullable(),
    authorId: z.number().nullable(),
    pseudoAuthor: z.string().nullable(),
    allowComments: z.boolean(),
    requiresAcknowledgement: z.boolean(),
    acknowledgeBy: z.string().nullable(),
  }),
  /** The groups, categories and people it was aimed at, and its editors, by name as they are now. */
  audience: z.object({
    nodes: z.array(named),
    categories: z.array(named),
    users: z.array(named),
    editors: z.array(named),
  }),
});
export type VersionResponse = z.infer<typeof versionResponse>;

/** GET /post/{id}/as-published?at=: a moment with its zone. */
export const asPublishedQuery = z.strictObject({
  at: z.iso.datetime({ offset: true, message: sv.versions.invalidTime }),
});

/** GET /post-archive?search=: any post by title or address, deleted ones too. */
export const postArchiveQuery = z.object({
  search: z.string().trim().min(2, sv.validation.minLength.replace('{n}', '2')).max(300),
  page: listQuery.shape.page,
  perPage: listQuery.shape.perPage,
});
export const postArchiveItem = z.object({
  postId: z.number(),
  type: z.enum(postTypes),
  title: z.string(),
  slug: z.string(),
  url: z.string().nullable(),
  status: z.enum(postStatuses),
  /** No longer in the portal: only its versions are kept. */
  deleted: z.boolean(),
  versions: z.number(),
  firstRecordedAt: z.string(),
  lastRecordedAt: z.string(),
});
export const postArchiveResponse = z.array(postArchiveItem);
export type PostArchiveItem = z.infer<typeof postArchiveItem>;

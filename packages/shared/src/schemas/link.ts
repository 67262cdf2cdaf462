import { ids, limits, paging } from '../constants';
import { format } from '../texts/format';
import { sv } from '../texts/sv';
import { httpUrl, id, idList, listQuery } from './common';
import { z } from './zod-sv';

const m = sv.validation;
const t = sv.toolsAndProfile.tools;

export const linkTypes = ['tool', 'google-tool'] as const;
export type LinkType = (typeof linkTypes)[number];

/** The media categories a tool's icon comes from, the tool type's own first (spec §9). */
export function toolIconCategoryIds(type: LinkType): readonly number[] {
  return type === 'google-tool'
    ? [ids.mediaCategoryGoogleIcon, ids.mediaCategoryIcon]
    : [ids.mediaCategoryIcon, ids.mediaCategoryGoogleIcon];
}

/**
 * Text with the spec's bounds, checked in the spec's order: required, then
 * minimum, then maximum (the first failing message is the one shown).
 */
export function boundedText(min: number, max: number) {
  return z
    .string()
    .trim()
    .min(1, m.required)
    .min(min, format(m.minLength, { n: min }))
    .max(max, format(m.maxLength, { n: max }));
}

const uniqueIds = (max: number, minMessage: string) =>
  z
    .array(id)
    .min(1, minMessage)
    .max(max)
    .transform((list) => [...new Set(list)]);

/** Create and replace a tool (POST /link, PUT /link/{id}); spec §3 fields, §5 bounds. */
export const linkInput = z.strictObject({
  name: boundedText(limits.linkNameMin, limits.linkNameMax),
  shortDescription: boundedText(limits.linkShortDescriptionMin, limits.linkShortDescriptionMax),
  longDescription: boundedText(limits.linkLongDescriptionMin, limits.linkLongDescriptionMax),
  url: httpUrl,
  type: z.enum(linkTypes).default('tool'),
  linkSort: z.number().int(m.integer).min(-99_999).max(99_999).default(0),
  optional: z.boolean().default(false),
  /**
   * The icon: an image of the media library's icon categories (7, or 10 for
   * Google tools). The server takes the file name from the media item. A tool
   * is published as soon as it is saved, so it needs its icon as a post of
   * type tool does before publishing (spec §5 "Publishing").
   */
  mediaId: id
    .nullish()
    .transform((value) => value ?? null)
    .refine((value) => value !== null, sv.content.validation.iconRequired),
  nodeIds: uniqueIds(500, m.publishGroup),
  categoryIds: uniqueIds(20, m.atLeastOne),
});
export type LinkInput = z.input<typeof linkInput>;
export type LinkValues = z.output<typeof linkInput>;

/** `type[]=tool&type[]=google-tool`, `type=tool` or `["tool"]`. */
const linkTypeList = z.preprocess(
  (value) => {
    if (value === undefined || value === '') return undefined;
    return Array.isArray(value) ? value : [value];
  },
  z
    .array(z.enum(linkTypes))
    .max(linkTypes.length * 2)
    .optional(),
);

export const linkResponse = z.object({
  id: z.number(),
  name: z.string(),
  shortDescription: z.string(),
  longDescription: z.string(),
  url: z.string(),
  type: z.enum(linkTypes),
  linkSort: z.number(),
  optional: z.boolean(),
  /** The icon's file name under /media/, when the tool has one. */
  icon: z.string().nullable(),
  mediaId: z.number().nullable(),
  /** The icon as the media library describes it, with the copy to show at icon size. */
  media: z
    .object({
      id: z.number(),
      filename: z.string(),
      title: z.string(),
      alt: z.string(),
      /** The smallest stored copy (a rendition when there is one, else the original). */
      image: z.object({ url: z.string(), width: z.number(), height: z.number() }),
    })
    .nullable(),
  nodeIds: z.array(z.number()),
  categoryIds: z.array(z.number()),
  created: z.string(),
  updated: z.string(),
  /** Created within the last 30 days (durations.toolsNewForMs). */
  isNew: z.boolean(),
  /** In the signed-in user's grid: a standard tool, or an optional one they added. */
  inMyList: z.boolean(),
  /** The user's own position for the tool, once they have sorted their list. */
  userSort: z.number().nullable(),
  can: z.object({
    edit: z.boolean(),
    delete: z.boolean(),
    /** May be added to the user's own list (optional and not there yet). */
    add: z.boolean(),
    /** May be removed from the user's own list (optional and there). */
    remove: z.boolean(),
  }),
});
export type LinkResponse = z.infer<typeof linkResponse>;

export const linkSortColumns = ['linkSort', 'name', 'created', 'updated', 'id', 'type'] as const;

/**
 * POST /GetLinks (spec §7 tools query): the filters narrow the tools that
 * target the signed-in user. `scope` "mine" is the user's grid (standard tools
 * and the optional ones they added), "available" everything aimed at them.
 */
export const getLinksRequest = z.strictObject({
  nodeId: idList,
  categoryId: idList,
  type: linkTypeList,
  scope: z.enum(['mine', 'available']).default('mine'),
  page: listQuery.shape.page,
  perPage: listQuery.shape.perPage,
  sort: listQuery.shape.sort,
});
export type GetLinksRequest = z.input<typeof getLinksRequest>;

/** GET /link-all and /my-links. */
export const linkListQuery = listQuery.extend({
  type: linkTypeList,
  nodeId: idList,
  categoryId: idList,
});
export type LinkListQuery = z.infer<typeof linkListQuery>;

/** GET /user/links and /user/{id}/links. */
export const userLinksQuery = z.object({ type: linkTypeList });

export const userLinkParams = z.strictObject({ id, linkId: id });

/** POST /user/{id}/link-sort: the user's tools in their new order. */
export const linkSortRequest = z.strictObject({
  linkIds: z
    .array(id)
    .min(1, m.atLeastOne)
    .max(paging.maxPerPage)
    .refine((list) => new Set(list).size === list.length, t.sortDuplicate),
});
export type LinkSortRequest = z.infer<typeof linkSortRequest>;

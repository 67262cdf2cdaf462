import { limits } from '../constants';
import { format } from '../texts/format';
import { sv } from '../texts/sv';
import { mediaFileTypes } from '../media/media-rules';
import { id, idList, listQuery, requiredText } from './common';
import { z } from './zod-sv';

/** Spec §5: title required, max 25; alt text (the "description") required, 4 to 55. */
export const mediaTitle = requiredText(limits.mediaTitleMax);
/** Empty is "required", too short is "at least 4": the first failing rule speaks (spec §5). */
export const mediaAlt = z
  .string()
  .trim()
  .min(1, sv.validation.required)
  .min(limits.mediaAltMin, format(sv.validation.minLength, { n: limits.mediaAltMin }))
  .max(limits.mediaAltMax);

/**
 * The text fields of an upload (multipart form fields, so the category arrives
 * as a string). The alt text is called `description` as in the spec's PUT;
 * `alt` is accepted as its other name.
 */
export const mediaUploadFields = z.strictObject({
  title: mediaTitle,
  description: mediaAlt,
  /** Omitted: images go to the default category (2), pdf documents to category 8. */
  categoryId: id.optional(),
});
export type MediaUploadFields = z.infer<typeof mediaUploadFields>;

/** Spec §7: "PUT sends title and description". */
export const mediaUpdateRequest = z.strictObject({
  title: mediaTitle,
  description: mediaAlt,
});
export type MediaUpdateRequest = z.infer<typeof mediaUpdateRequest>;

export const mediaRendition = z.object({
  url: z.string(),
  width: z.number(),
  height: z.number(),
});
export type MediaRendition = z.infer<typeof mediaRendition>;

export const mediaResponse = z.object({
  id: z.number(),
  title: z.string(),
  alt: z.string(),
  categoryId: z.number(),
  fileType: z.enum(mediaFileTypes),
  mimeType: z.string(),
  /** The stored name; the file is served at `/media/{filename}`. */
  filename: z.string(),
  url: z.string(),
  /** The name the file had on the uploader's computer, for downloads. */
  originalName: z.string(),
  size: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  /** Smaller webp copies of an image: `thumb` for grids, `card` for lists and cards. */
  renditions: z.object({ thumb: mediaRendition, card: mediaRendition }).nullable(),
  /**
   * A PDF: whether it is tagged (a structure tree screen readers follow), read
   * from the file when it was uploaded; null for an image, or a PDF uploaded
   * before the portal looked.
   */
  pdfTagged: z.boolean().nullable(),
  /** How many posts, tools and other records use the file; in use, it cannot be deleted. */
  usageCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  can: z.object({ edit: z.boolean(), delete: z.boolean() }),
});
export type MediaResponse = z.infer<typeof mediaResponse>;

export const mediaSortColumns = ['id', 'title', 'created', 'updated', 'size'] as const;

export const mediaListQuery = listQuery.extend({
  categoryId: idList,
  fileType: z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : [value].flat()),
    z.array(z.enum(mediaFileTypes)).max(mediaFileTypes.length).optional(),
  ),
  /** Stored file names (`/media/{filename}`): the editor asks which linked PDFs are untagged. */
  filename: z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : [value].flat()),
    z.array(z.string().max(200)).max(100).optional(),
  ),
  /** Matches anywhere in the title, case-insensitively. */
  search: z
    .string()
    .trim()
    .max(limits.mediaTitleMax * 4)
    .optional(),
});
export type MediaListQuery = z.infer<typeof mediaListQuery>;

import type { Block } from '../blocks/blocks';
import { postTypes } from '../content/post-types';
import { acknowledgementModes, myAcknowledgement } from './acknowledgement';
import { bodyId } from './common';
import { readingLanguageFields } from './translation';
import { z } from './zod-sv';

/**
 * The one-click link of a must-read notice's mail (decision 0040): a page that
 * shows the notice and confirms it without signing in, for one reader and one
 * post, through a secret in the address.
 */

/**
 * `{token}` of /acknowledgement-link/{token}: the link's secret. Checked for
 * its shape where it is looked up, so a link cut short in a mail program is
 * "not found" rather than a validation error.
 */
export const acknowledgementLinkParams = z.strictObject({ token: z.string().min(1).max(200) });

/**
 * GET /acknowledgement-link/{token}: what the page shows. Reading it changes
 * nothing — a mail program's link check opens it too.
 */
export const acknowledgementLinkView = z.object({
  post: z.object({
    id: z.number(),
    type: z.enum(postTypes),
    title: z.string(),
    excerpt: z.string().nullable(),
    publishedDate: z.string().nullable(),
    /** The reading address in the portal (signing in), or null for a type without a page. */
    url: z.string().nullable(),
    /** The notice's blocks, those that need no signed-in reader (no tool lists). */
    content: z.array(z.custom<Block>()),
    /** Blocks were left out: the whole notice is in the portal. */
    moreInPortal: z.boolean(),
    /** In the reader's language where a translation exists (issue 27), else Swedish. */
    ...readingLanguageFields,
    /** The Swedish original of a translated notice, a click away on the page; else null. */
    original: z
      .object({
        title: z.string(),
        excerpt: z.string().nullable(),
        content: z.array(z.custom<Block>()),
      })
      .nullable(),
  }),
  /** The reader's first name, for the greeting. */
  reader: z.object({ firstName: z.string() }),
  acknowledgeBy: z.string().nullable(),
  acknowledgement: z.enum(acknowledgementModes),
  /** What the notice asks of the reader now: per child for a guardian. */
  myAcknowledgement,
  /** When the link stops working. */
  expiresAt: z.string(),
});
export type AcknowledgementLinkView = z.infer<typeof acknowledgementLinkView>;

/**
 * POST /post/{id}/acknowledgement-links/revoke: the post's editors withdraw
 * its links, every reader's or those named; the notice itself still asks.
 */
export const revokeAcknowledgementLinksRequest = z
  .strictObject({ userIds: z.array(bodyId).min(1).max(1000).optional() })
  .nullish()
  .transform((value) => ({ userIds: value?.userIds ? [...new Set(value.userIds)] : undefined }));

export const revokeAcknowledgementLinksResponse = z.object({
  /** The links still valid that this request revoked. */
  revoked: z.number(),
});

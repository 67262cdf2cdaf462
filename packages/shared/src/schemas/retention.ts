import { postTypes, type PostType } from '../content/post-types';
import { sv } from '../texts/sv';
import { z } from './zod-sv';

const t = sv.retention.errors;

/** The types a retention rule may cover: every post type; tools are links, not posts. */
export const retentionPostTypes = postTypes.filter(
  (type): type is Exclude<PostType, 'tool' | 'google-tool'> =>
    type !== 'tool' && type !== 'google-tool',
);
export type RetentionPostType = (typeof retentionPostTypes)[number];

export const retentionKeepMonthsMax = 1200;

/**
 * A retention rule (gallringsregel): how long posts of a type are kept after
 * they were last unpublished, trashed or deleted — a number of months, or
 * forever (null) — and the retention decision it rests on.
 */
export const retentionRuleInput = z.strictObject({
  postType: z.enum(retentionPostTypes, { message: t.typeRequired }),
  keepMonths: z
    .number({ message: t.keepMonths })
    .int(t.keepMonths)
    .min(1, t.keepMonths)
    .max(retentionKeepMonthsMax, t.keepMonths)
    .nullable(),
  decision: z.string({ message: t.decisionRequired }).trim().min(1, t.decisionRequired).max(200),
});
export type RetentionRuleInput = z.input<typeof retentionRuleInput>;

export const retentionRule = z.object({
  id: z.number(),
  postType: z.enum(retentionPostTypes),
  keepMonths: z.number().nullable(),
  decision: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Posts the next run would delete under this rule (none for a keep-forever rule). */
  due: z.number(),
});
export type RetentionRule = z.infer<typeof retentionRule>;
export const retentionRuleList = z.array(retentionRule);

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, t.invalidDate)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), t.invalidDate);

/** GET /post-export: every post, or those of one type, with their versions recorded between two days. */
export const postExportQuery = z
  .strictObject({
    type: z.enum(postTypes).optional(),
    from: day.optional(),
    to: day.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: t.fromAfterTo,
    path: ['from'],
  });
export type PostExportQuery = z.infer<typeof postExportQuery>;
